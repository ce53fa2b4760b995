import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { falseClaims, unverifiedClaims } from "~/lib/content-claims";
import * as about from "./about";
import * as blocks from "./content-blocks";
import * as guide from "./guide";
import * as home from "./home";
import * as industries from "./industries";
import * as industryPages from "./industry-pages";
import * as federal from "./seed/federal-incentives";
import * as policy from "./seed/policy-updates";
import * as siteContent from "./seed/site-content";
import * as state from "./seed/state-incentives";
import * as site from "./site";

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value && typeof value === "object") for (const item of Object.values(value)) strings(item, out);
  return out;
}

/** Comments stripped: what a visitor can see. */
function visibleSource(file: string): string {
  return fs
    .readFileSync(file, "utf8")
    .replace(/\{?\/\*[\s\S]*?\*\/\}?/g, " ")
    .replace(/^\s*\/\/.*$/gm, " ");
}

const sourceFiles = ["app/routes", "app/components", "app/components/ui"].flatMap((dir) =>
  fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".tsx"))
    .map((name) => path.join(dir, name)),
);

describe("no public text states what is no longer true", () => {
  it("catches the statements the fact check found (the rule fails on the old texts)", () => {
    for (const old of [
      "Solar tax credits may be repealed under the new administration. Lock in your 30% savings now.",
      "Under the 2025 tax law, commercial solar projects must begin construction by July 4, 2026 or be in service by the end of 2027 to keep the 30% credit.",
      "A federal tax credit worth 30% of eligible system costs for commercial solar, available through 2032 under the rules in force when the credit was extended.",
      "The 30% Federal Tax Credit may be under review.",
      "Lock in today's incentives",
      "EV charger credit (30C), while it lasts",
      "With a battery, solar projects keep the 30% credit through 2033.",
    ]) {
      expect(falseClaims(old), old).not.toEqual([]);
    }
    for (const ok of [
      "The window to begin construction closed on July 4, 2026.",
      "A new project must be placed in service by December 31, 2027 to claim the federal credit.",
      "The federal solar tax credit ended for projects placed in service after December 31, 2027 (unless construction began by July 4, 2026).",
      // Energy storage keeps §48E for construction begun by 2033 (P.L. 119-21).
      "Storage keeps the full §48E credit for construction beginning by December 31, 2033; the credit falls to 75% for construction beginning in 2034.",
    ]) {
      expect(falseClaims(ok), ok).toEqual([]);
    }
  });

  it.each([
    ["site", site],
    ["home", home],
    ["content blocks", blocks],
    ["guide", guide],
    ["industries", industries],
    ["about", about],
    ["federal incentives", federal],
    ["state incentives", state],
    ["policy updates", policy],
    ["site content seed", siteContent],
  ])("in the built-in %s content", (_name, module) => {
    expect(strings(module).flatMap(falseClaims)).toEqual([]);
  });

  it("in the pages' and components' own text", () => {
    expect(sourceFiles.length).toBeGreaterThan(20);
    const problems = sourceFiles.flatMap((file) =>
      falseClaims(visibleSource(file)).map((problem) => ({ file, ...problem })),
    );
    expect(problems).toEqual([]);
  });
});

describe("no public text states a figure without its source", () => {
  it("catches the unsourced figures the fact check of 2026-11-25 listed (the rule fails on the old texts)", () => {
    for (const old of [
      "A well-sized system commonly cuts a farm's electric bill by 30 to 60 percent.",
      "Well-sized systems commonly cut a store's electric bill by 30 to 50%, depending on rates.",
      "A well-sized system commonly cuts the bill by 30 to 60%, with payback of about 4 to 10 years.",
      "Payback for a well-sized system is commonly 4 to 10 years.",
      "A smaller hospital with big parking lots can cover 30% or more.",
      "Solar That Pays for Itself, Built for High Energy-Use Businesses",
      "We connect you with vetted installers and stay with you until the system is producing.",
    ]) {
      expect(unverifiedClaims(old), old).not.toEqual([]);
    }
    for (const ok of [
      "How much of the bill a system covers depends on your rates; the savings calculator estimates it from your own bill.",
      "Illustrative example: a 60 kW system saves about $12,000 a year and pays back in 8.4 years.",
      "Solar That Can Pay for Itself, Built for High Energy-Use Businesses",
      "Including whether a battery would pay for itself against your demand charges.",
    ]) {
      expect(unverifiedClaims(ok), ok).toEqual([]);
    }
  });

  it.each([
    ["industry pages", industryPages],
    ["home", home],
    ["content blocks", blocks],
    ["guide", guide],
    ["about", about],
    ["site content seed", siteContent],
  ])("in the built-in %s content", (_name, module) => {
    expect(strings(module).flatMap(unverifiedClaims)).toEqual([]);
  });

  it("in the pages' and components' own text", () => {
    expect(
      sourceFiles.flatMap((file) => unverifiedClaims(visibleSource(file)).map((problem) => ({ file, ...problem }))),
    ).toEqual([]);
  });
});
