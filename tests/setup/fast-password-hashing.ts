import { vi } from "vitest";

// Every test file hashes passwords at a test cost (tests/fast-scrypt.ts says why); files that
// count or time hashing mock the module themselves.
vi.mock("better-auth/crypto", async (original) => {
  const { fastHashPassword, fastVerifyPassword } = await import("../fast-scrypt");
  return {
    ...(await original<typeof import("better-auth/crypto")>()),
    hashPassword: fastHashPassword,
    verifyPassword: fastVerifyPassword,
  };
});
