/** A toast as pages show it and actions return it (server, staff app and page script alike). */
export type ToastMessage = { title: string; description?: string; variant?: "success" | "destructive" };
