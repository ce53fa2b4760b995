/**
 * A spreadsheet runs a cell that begins with =, +, -, @ (or a tab / carriage return before one)
 * as a formula: "=cmd|' /C calc'!A0" from a visitor's form must stay text. A leading apostrophe
 * makes it text in Excel, LibreOffice and Google Sheets (OWASP "CSV injection").
 */
export function neutraliseCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
