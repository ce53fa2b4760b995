/** The admin account the suite's database starts with (made by `npm run admin:create`). */
export const E2E_ADMIN = { email: "admin@e2e.example.com", password: "Adm1n!pass" } as const;
