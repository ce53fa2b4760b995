/** This order is the order of the dropdown, the footer (9 + 9) and the home grid. */
export type IndustryEntry = {
  slug: string;
  path: string;
  label: string;
  blurb: string;
  active: boolean;
};

export const industries: readonly IndustryEntry[] = [
  { slug: "farms", label: "Farms & Agriculture", blurb: "Irrigation pumps, barns and cold storage on sun-rich land." },
  {
    slug: "car-dealerships",
    label: "Car Dealerships",
    blurb: "Big lots and showrooms; canopies that also shade inventory.",
  },
  { slug: "auto-repair", label: "Auto Repair Shops", blurb: "Lifts, compressors and bay lighting running all day." },
  { slug: "medical-offices", label: "Medical Offices", blurb: "Predictable power costs for clinics and practices." },
  { slug: "small-manufacturing", label: "Small Manufacturing", blurb: "Cut the cost of every machine-hour you run." },
  {
    slug: "industrial-buildings",
    label: "Warehouses & Industrial",
    blurb: "Large flat roofs with room for a big system.",
  },
  { slug: "logistics", label: "Logistics & Distribution", blurb: "Docks, refrigeration and EV charging for fleets." },
  { slug: "rv-parks", label: "RV Parks", blurb: "Hookups, bathhouses and pools with lower bills." },
  { slug: "grocery-stores", label: "Grocery Stores", blurb: "Refrigeration loads that match the midday sun." },
  { slug: "department-stores", label: "Department Stores", blurb: "Long opening hours and heavy cooling loads." },
  {
    slug: "storage-units",
    label: "Storage Units",
    blurb: "Wide roofs and modest loads: sized to on-site use, since exports often earn little.",
  },
  { slug: "hospitals", label: "Hospitals", blurb: "Around-the-clock demand and resilience needs." },
  { slug: "car-wash", label: "Car Washes", blurb: "Pumps, dryers and heaters that drive up demand charges." },
  { slug: "winery", label: "Wineries", blurb: "Crush-season cooling and tasting-room comfort." },
  {
    slug: "senior-housing",
    label: "Senior Housing",
    blurb: "Comfort and reliability for residents, lower operating cost.",
  },
  {
    slug: "movie-theaters",
    label: "Movie Theaters",
    blurb: "Projection, HVAC and concessions, evenings and weekends.",
  },
  { slug: "wedding-venues", label: "Wedding Venues", blurb: "Sustainable celebrations couples look for." },
  { slug: "veterinary-offices", label: "Veterinary Offices", blurb: "Kennels, surgery and imaging kept powered." },
].map((entry) => ({ ...entry, path: `/${entry.slug}`, active: true }));

export function findIndustry(slug: string): IndustryEntry | undefined {
  return industries.find((entry) => entry.slug === slug);
}
