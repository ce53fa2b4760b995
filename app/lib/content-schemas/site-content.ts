import { z } from "zod";
import { choice, type FieldSpec, imagePath, optionalText, siteLink, whenValid } from "./fields";
import { contentSources, sourcesField } from "./sources";

/** Keep in step with app/content/content-blocks.ts and the pages that read them. */
export const CONTENT_BLOCK_KEYS = [
  "site_banner",
  "homepage_hero",
  "how_it_works_intro",
  "policy_watch_alert",
  "incentive_cuts_banner",
  "policy_watch_cta",
] as const;
export type ContentBlockKey = (typeof CONTENT_BLOCK_KEYS)[number];

export type BlockField = "title" | "content" | "ctaLabel" | "ctaLink" | "imageUrl";

export const CONTENT_BLOCKS: Record<
  ContentBlockKey,
  { label: string; shownOn: string; paths: readonly string[]; fields: readonly BlockField[] }
> = {
  site_banner: {
    label: "Site banner",
    shownOn: "The banner above the header of every public page",
    paths: ["/"],
    fields: ["content", "ctaLabel", "ctaLink"],
  },
  homepage_hero: {
    label: "Home page hero",
    shownOn: "The top of the home page",
    paths: ["/"],
    fields: ["title", "content", "ctaLabel", "ctaLink", "imageUrl"],
  },
  how_it_works_intro: {
    label: "How It Works introduction",
    shownOn: "The top of How It Works and the text above its four steps",
    paths: ["/how-it-works"],
    fields: ["title", "content"],
  },
  policy_watch_alert: {
    label: "Policy Watch alert",
    shownOn: "The red banner at the top of Policy Watch",
    paths: ["/policy-watch"],
    fields: ["content", "ctaLabel", "ctaLink"],
  },
  incentive_cuts_banner: {
    label: "Incentive cuts banner",
    shownOn: "The red banner on the home page about federal cuts",
    paths: ["/"],
    fields: ["title", "content", "ctaLabel", "ctaLink"],
  },
  policy_watch_cta: {
    label: "Policy Watch closing call to action",
    shownOn: "The closing section of Policy Watch",
    paths: ["/policy-watch"],
    fields: ["title", "content", "ctaLabel", "ctaLink"],
  },
};

export function isContentBlockKey(value: unknown): value is ContentBlockKey {
  return typeof value === "string" && (CONTENT_BLOCK_KEYS as readonly string[]).includes(value);
}

const siteContentMessages = {
  key: "Choose one of the site's text blocks.",
  title: "Enter the heading.",
  content: "Enter the text.",
  ctaLabel: "Enter the button's label.",
  ctaLink: "Enter where the button goes.",
  imageUrl: "Enter the image's path.",
} as const;

const blockFields = {
  title: optionalText("Heading", { max: 200 }),
  content: optionalText("Text", { max: 2000, multiLine: true }),
  ctaLabel: optionalText("Button label", { max: 60 }),
  ctaLink: siteLink("Button link"),
  imageUrl: imagePath("Image"),
};

/** Required fields depend on the block; fields a block does not show are stored empty. */
export const siteContentSchema = z
  .object({ key: choice(CONTENT_BLOCK_KEYS, siteContentMessages.key), ...blockFields, sources: contentSources() })
  .superRefine((value, ctx) => {
    for (const field of CONTENT_BLOCKS[value.key].fields) {
      if (value[field] === null) ctx.addIssue({ code: "custom", path: [field], message: siteContentMessages[field] });
    }
  }, whenValid("key"))
  .transform((value) => {
    const shown = new Set<string>(CONTENT_BLOCKS[value.key].fields);
    const keep = (field: BlockField) => (shown.has(field) ? value[field] : null);
    return {
      key: value.key,
      title: keep("title"),
      content: keep("content"),
      ctaLabel: keep("ctaLabel"),
      ctaLink: keep("ctaLink"),
      imageUrl: keep("imageUrl"),
      sources: value.sources,
    };
  });

export type SiteContentValues = z.output<typeof siteContentSchema>;

const allBlockFields: Record<BlockField, FieldSpec> = {
  title: { name: "title", label: "Heading", input: "text", required: true, maxLength: 200 },
  content: { name: "content", label: "Text", input: "textarea", required: true, maxLength: 2000 },
  ctaLabel: { name: "ctaLabel", label: "Button label", input: "text", required: true, maxLength: 60 },
  ctaLink: {
    name: "ctaLink",
    label: "Button link",
    input: "text",
    required: true,
    help: "A page of this site (/submit-bill), a section of the page (#industries) or https://…",
  },
  imageUrl: {
    name: "imageUrl",
    label: "Image",
    input: "text",
    required: true,
    help: "A path on this site, for example /images/hero-rooftop.svg",
  },
};

export function siteContentFields(key: ContentBlockKey): readonly FieldSpec[] {
  return [
    { name: "key", label: "Block", input: "readonly" },
    ...CONTENT_BLOCKS[key].fields.map((field) => allBlockFields[field]),
    sourcesField,
  ];
}
