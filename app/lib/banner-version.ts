import { resolveTextBlock } from "~/content/content-blocks";

/**
 * A short fingerprint of the banner as shown (text, button label, link). A dismissal stores it,
 * and the <head> pre-paint check hides the banner only while the page carries the same one: a
 * visitor who closed an old announcement sees a new one (FNV-1a, 32 bits; not a secret).
 */
export function bannerVersion(banner: { content: string; ctaLabel: string; ctaLink: string }): string {
  let hash = 0x811c9dc5;
  for (const char of `${banner.content}\u0000${banner.ctaLabel}\u0000${banner.ctaLink}`) {
    hash ^= char.codePointAt(0) as number;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The banner as built in, shown while no stored version could be read. */
export const builtInBanner = (() => {
  const { content, ctaLabel, ctaLink } = resolveTextBlock("site_banner", null);
  return { content, ctaLabel, ctaLink };
})();
