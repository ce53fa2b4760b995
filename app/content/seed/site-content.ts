import type { BuiltInContentBlock } from "~/lib/built-in-content";
import { builtInBlocks } from "../content-blocks";
import { heroFallback } from "../home";

export const siteContentSeed: BuiltInContentBlock[] = [
  {
    key: "homepage_hero",
    title: heroFallback.title,
    content: heroFallback.content,
    ctaLabel: heroFallback.ctaLabel,
    ctaLink: "#industries",
    imageUrl: heroFallback.imageUrl,
  },
  {
    key: "how_it_works_intro",
    title: "From electric bill to installed system, with an advisor at every step",
    content:
      "Most business owners never learn which incentives they qualify for. We start from your real bill, match the programs that apply to your industry and state, and bring you a quote you can check line by line.",
  },
  ...Object.entries(builtInBlocks).map(([key, block]) => ({
    key,
    title: block.title || null,
    content: block.content,
    ctaLabel: block.ctaLabel,
    ctaLink: block.ctaLink,
  })),
];
