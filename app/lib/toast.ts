/** A toast as pages show it and actions return it (server, public pages and the staff app alike). */
export type ToastMessage = {
  title: string;
  description?: string;
  variant?: "success" | "destructive";
  /** Staff app only: an "Undo" button that posts these fields back to `action`. */
  undo?: { action: string; fields: [name: string, value: string][] };
};
