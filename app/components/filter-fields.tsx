import { CssIcon } from "./ui/css-icon";
import { Select } from "./ui/form";

/** Public GET filter forms: labels stay visible and they work without JavaScript. */

/** "All" (empty value) first. */
export function LabelledFilter({
  id,
  label,
  name,
  defaultValue,
  all,
  values,
}: {
  id: string;
  label: string;
  name: string;
  defaultValue: string;
  all: string;
  values: readonly string[];
}) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <Select id={id} name={name} defaultValue={defaultValue} className="mt-1">
        <option value="">{all}</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </Select>
    </div>
  );
}

export function ApplyFiltersButton() {
  return (
    <button
      type="submit"
      className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-navy-800 px-4 font-semibold text-white hover:bg-navy-700"
    >
      <CssIcon name="search" className="size-4" />
      Apply filters
    </button>
  );
}
