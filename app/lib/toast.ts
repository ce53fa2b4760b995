export type ToastMessage = {
  title: string;
  description?: string;
  variant?: "success" | "destructive";
  /** Staff app only: posts these fields back to `action`. */
  undo?: { action: string; fields: [name: string, value: string][] };
};
