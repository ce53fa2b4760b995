import { incentiveCutsBanner } from "./home";
import { banner } from "./site";

/** Editable page texts and their built-in versions, which fill a missing or unreadable block field by field. */
export type ContentBlockText = { title: string; content: string; ctaLabel: string; ctaLink: string };

export const siteBannerBlock: ContentBlockText = {
  title: "",
  content: banner.text,
  ctaLabel: banner.cta,
  ctaLink: banner.to,
};

export const policyWatchAlertBlock: ContentBlockText = {
  title: "",
  content:
    "The federal solar tax credit was cut by law in July 2025: a new project must be in service by December 31, 2027.",
  ctaLabel: "See current incentives",
  ctaLink: "/incentives",
};

export const policyWatchCtaBlock: ContentBlockText = {
  title: "Plan around the deadlines that remain",
  content:
    "Permits and interconnection take months, and the federal credit needs a new system in service by December 31, 2027. Get a custom quote within 24 hours.",
  ctaLabel: "Get My Custom Solar Quote",
  ctaLink: "/submit-bill",
};

export const incentiveCutsBlock: ContentBlockText = {
  title: incentiveCutsBanner.title,
  content: incentiveCutsBanner.text,
  ctaLabel: incentiveCutsBanner.cta,
  ctaLink: incentiveCutsBanner.to,
};

export const builtInBlocks = {
  site_banner: siteBannerBlock,
  policy_watch_alert: policyWatchAlertBlock,
  policy_watch_cta: policyWatchCtaBlock,
  incentive_cuts_banner: incentiveCutsBlock,
} as const;

export type TextBlockKey = keyof typeof builtInBlocks;

type BlockLike = { title: string | null; content: string | null; ctaLabel: string | null; ctaLink: string | null };

export function resolveTextBlock(key: TextBlockKey, block: BlockLike | null): ContentBlockText {
  const fallback = builtInBlocks[key];
  return {
    title: block?.title?.trim() || fallback.title,
    content: block?.content?.trim() || fallback.content,
    ctaLabel: block?.ctaLabel?.trim() || fallback.ctaLabel,
    ctaLink: block?.ctaLink?.trim() || fallback.ctaLink,
  };
}
