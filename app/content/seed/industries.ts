import { industryRow } from "~/lib/industry-page";
import { industries } from "../industries";
import { industryPages } from "../industry-pages";
import { industrySources } from "./sources";

export const industrySeed = industries.map((entry) => {
  const page = industryPages[entry.slug];
  if (!page) throw new Error(`No built-in content for the industry page ${entry.slug}`);
  return { ...industryRow(page), sources: industrySources(JSON.stringify(page)), active: entry.active };
});
