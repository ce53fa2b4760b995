import { stateCodeOptions } from "~/lib/options";

/** Shared by the calculator and "Check my quote", so both ask the same way. */
export function StateOptions() {
  return (
    <>
      <option value="">Select your state</option>
      {stateCodeOptions.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}

export function OwnerOptions() {
  return (
    <>
      <option value="taxable">Taxable business: C corporation</option>
      <option value="pass-through">
        Taxable business: sole proprietor, partnership, S corporation or LLC (personal income tax)
      </option>
      <option value="tax-exempt">Tax-exempt (claims through elective pay)</option>
    </>
  );
}

/** refineSchema's `began` values. */
export function BeganOptions() {
  return (
    <>
      <option value="">No</option>
      <option value="2026">Yes, in 2026</option>
      <option value="2025">Yes, in 2025, from January 20</option>
      <option value="2025-early">Yes, in 2025, before January 20</option>
      <option value="2024">Yes, in 2024 or earlier</option>
    </>
  );
}
