/** OWASP "CSV injection": a leading apostrophe keeps a formula-like cell as text. */
export function neutraliseCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
