// Without zod: the public page script imports this, and a bundler cannot drop zod's top-level calls.
export const billMessages = {
  businessName: "Business name must be between 2 and 100 characters.",
  contactPerson: "Contact person name must be between 2 and 50 characters.",
  email: "Please enter a valid email address.",
  phone: "Please enter a valid phone number.",
  monthlyBill: "Monthly bill amount must be a valid number between $0 and $100,000.",
  errorsTitle: "Please correct the following errors:",
  fileRequiredTitle: "Energy bill required",
  fileRequired: "Please upload your energy bill to continue.",
  fileType: "Invalid file type. Only PDF, JPG, and PNG files are allowed.",
  fileExtension: "Invalid file extension.",
  fileTooLarge: "File size exceeds 10MB limit.",
  fileTooSmall: "File is too small. Please upload a valid energy bill.",
  fileName: "Invalid file name.",
  fileValidationFailed: "File validation failed",
} as const;

export const FILE_MAX_BYTES = 10 * 1024 * 1024;
export const FILE_MIN_BYTES = 1024;
export type BillFileKind = "pdf" | "jpeg" | "png";

const extensionKinds: Record<string, BillFileKind> = { pdf: "pdf", jpg: "jpeg", jpeg: "jpeg", png: "png" };
const mimeKinds: Record<string, BillFileKind> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpeg",
  "image/jpg": "jpeg",
  "image/png": "png",
};
export const ACCEPT_ATTRIBUTE = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png";

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/** On what the browser declares; the server also sniffs the content. */
export function checkBillFile(file: { name: string; type: string; size: number }): string | null {
  if (file.name.includes("..") || file.name.includes("/") || file.name.includes("\\")) return billMessages.fileName;
  const typeKind = mimeKinds[file.type.toLowerCase()];
  if (!typeKind) return billMessages.fileType;
  const extensionKind = extensionKinds[fileExtension(file.name)];
  if (!extensionKind || extensionKind !== typeKind) return billMessages.fileExtension;
  if (file.size > FILE_MAX_BYTES) return billMessages.fileTooLarge;
  if (file.size < FILE_MIN_BYTES) return billMessages.fileTooSmall;
  return null;
}

/** A ".pdf" that is HTML is not a PDF. */
export function sniffFileKind(head: Uint8Array): BillFileKind | null {
  const starts = (bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"; // %PDF-
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  return null;
}

export function kindOfExtension(name: string): BillFileKind | undefined {
  return extensionKinds[fileExtension(name)];
}
