import { resolveTextBlock } from "~/content/content-blocks";

/** FNV-1a, 32 bits (not a secret): a visitor who closed an old banner sees a new one. */
export function bannerVersion(banner: { content: string; ctaLabel: string; ctaLink: string }): string {
  let hash = 0x811c9dc5;
  for (const char of `${banner.content}\u0000${banner.ctaLabel}\u0000${banner.ctaLink}`) {
    hash ^= char.codePointAt(0) as number;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

export const builtInBanner = (() => {
  const { content, ctaLabel, ctaLink } = resolveTextBlock("site_banner", null);
  return { content, ctaLabel, ctaLink };
})();
