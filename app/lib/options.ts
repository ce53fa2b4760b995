import { states } from "~/content/states";

/** Spec section 3. `consultationOnly` values are not offered by the guide forms. */
const industryOptions = [
  { value: "agriculture", label: "Farms & Agriculture" },
  { value: "nonprofit", label: "Nonprofits & Churches" },
  { value: "mobilehome", label: "Mobile Home Parks" },
  { value: "healthcare", label: "Healthcare Facilities" },
  { value: "hoa", label: "HOA / Condo Complex" },
  { value: "industrial", label: "Warehouses & Industrial" },
  { value: "automotive", label: "Automotive", consultationOnly: true },
  { value: "retail", label: "Retail & Commercial", consultationOnly: true },
  { value: "other", label: "Other" },
] as const;

export const consultationIndustryOptions = industryOptions.map(({ value, label }) => ({ value, label }));
export const guideIndustryOptions = industryOptions
  .filter((option) => !("consultationOnly" in option))
  .map(({ value, label }) => ({ value, label }));

export const solarReadinessOptions = [
  { value: "researching", label: "Researching Options" },
  { value: "planning", label: "Planning for Next Year" },
  { value: "ready", label: "Ready to Move Forward" },
  { value: "quotes", label: "Already Getting Quotes" },
  { value: "unsure", label: "Not Sure Yet" },
] as const;

export const stateCodeOptions = states.map((state) => ({ value: state.code, label: state.name }));

export const guideStateOptions = states.map((state) => ({ value: state.name.toLowerCase(), label: state.name }));

function labelOf(options: readonly { value: string; label: string }[], value: string | null | undefined) {
  return options.find((option) => option.value === value)?.label ?? value ?? "";
}

export const answerLabels = {
  industry: (value: string | null | undefined) => (value ? labelOf(industryOptions, value) : null),
  solarReadiness: (value: string | null | undefined) => (value ? labelOf(solarReadinessOptions, value) : null),
  /** The guide stores a lower-cased name, the calculator a two-letter code. */
  state: (value: string | null | undefined) =>
    value
      ? (states.find((state) => state.code === value.toUpperCase() || state.name.toLowerCase() === value.toLowerCase())
          ?.name ?? value)
      : null,
};
