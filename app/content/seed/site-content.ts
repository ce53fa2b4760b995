import type { BuiltInContentBlock } from "~/lib/built-in-content";
import { builtInBlocks } from "../content-blocks";
import { heroFallback } from "../home";
import { blockSources } from "./sources";

/**
 * Checked against sources: deadline texts by the fact check of 2026-11-25 (rows A1, A7, D); hero
 * and How It Works intro on 2026-11-26.
 */
const BLOCK_REVIEWED_ON = {
  homepage_hero: "2026-11-26",
  how_it_works_intro: "2026-11-26",
  site_banner: "2026-11-25",
  policy_watch_alert: "2026-11-25",
  policy_watch_cta: "2026-11-25",
  incentive_cuts_banner: "2026-11-25",
} as const;

export const siteContentSeed: BuiltInContentBlock[] = [
  {
    key: "homepage_hero",
    title: heroFallback.title,
    content: heroFallback.content,
    ctaLabel: heroFallback.ctaLabel,
    ctaLink: "#industries",
    imageUrl: heroFallback.imageUrl,
    sources: [...blockSources.homepage_hero],
    lastReviewedAt: BLOCK_REVIEWED_ON.homepage_hero,
  },
  {
    key: "how_it_works_intro",
    title: "From electric bill to installed system, with an advisor at every step",
    content:
      "Incentives differ by state, utility and industry. We start from your real bill, match the programs that apply to your industry and state, and bring you a quote you can check line by line.",
    sources: [...blockSources.how_it_works_intro],
    lastReviewedAt: BLOCK_REVIEWED_ON.how_it_works_intro,
  },
  ...Object.entries(builtInBlocks).map(([key, block]) => ({
    key,
    title: block.title || null,
    content: block.content,
    ctaLabel: block.ctaLabel,
    ctaLink: block.ctaLink,
    sources: [...blockSources[key as keyof typeof builtInBlocks]],
    lastReviewedAt: BLOCK_REVIEWED_ON[key as keyof typeof builtInBlocks],
  })),
];
