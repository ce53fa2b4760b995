import { z } from "zod";
import { INDUSTRY_ICONS } from "~/content/industry-pages/types";
import { checkbox, choice, type FieldSpec, imagePath, list, optionalText, requiredText } from "./fields";
import { contentSources, sourcesField } from "./sources";

const industryMessages = {
  title: "Enter the page's heading.",
  icon: "Choose an icon from the list.",
  itemTitle: "Enter the item's title.",
  itemDescription: "Enter the item's text.",
  metricText: "Enter the figure's text.",
  question: "Enter the question.",
  answer: "Enter the answer.",
} as const;

const icon = choice(INDUSTRY_ICONS, industryMessages.icon);
const itemTitle = requiredText("Title", industryMessages.itemTitle, { max: 120 });
const itemText = requiredText("Text", industryMessages.itemDescription, { max: 1000, multiLine: true });

const iconCard = z.object({ icon, title: itemTitle, description: itemText });

/** The slug is the page's address and never changes; empty texts fall back to the defaults. */
export const industrySchema = z.object({
  title: requiredText("Heading", industryMessages.title, { max: 160 }),
  subtitle: optionalText("Subtitle", { max: 300 }),
  metaDescription: optionalText("Search description", { max: 160 }),
  intro: optionalText("Introduction", { max: 2000, multiLine: true }),
  heroImage: imagePath("Illustration"),
  heroImageAlt: optionalText("Illustration text", { max: 300 }),
  benefits: list(iconCard, {
    min: 1,
    max: 8,
    unique: "title",
    label: "Benefits",
    uniqueMessage: "Each benefit needs its own title.",
  }),
  incentives: list(z.object({ title: itemTitle, description: itemText }), {
    max: 10,
    unique: "title",
    label: "Incentives",
    uniqueMessage: "Each incentive needs its own title.",
  }),
  useCases: list(iconCard, {
    max: 8,
    unique: "title",
    label: "Use cases",
    uniqueMessage: "Each use case needs its own title.",
  }),
  caseStudyAuthor: optionalText("Example title", { max: 200 }),
  caseStudyQuote: optionalText("Example text", { max: 2000, multiLine: true }),
  caseStudyMetrics: list(z.object({ icon, text: requiredText("Figure", industryMessages.metricText, { max: 120 }) }), {
    max: 6,
    unique: "text",
    label: "Example figures",
    uniqueMessage: "Each figure needs its own text.",
  }),
  faq: list(
    z.object({
      question: requiredText("Question", industryMessages.question, { max: 300 }),
      answer: requiredText("Answer", industryMessages.answer, { max: 2000, multiLine: true }),
    }),
    { max: 12, unique: "question", label: "Questions", uniqueMessage: "Each question must be asked once." },
  ),
  ctaText: optionalText("Closing call to action", { max: 400 }),
  sources: contentSources(),
  active: checkbox,
});

const iconOptions = INDUSTRY_ICONS.map((name) => ({ value: name, label: name }));
const iconField: FieldSpec = { name: "icon", label: "Icon", input: "select", required: true, options: iconOptions };

export const industryFields: readonly FieldSpec[] = [
  { name: "slug", label: "Address", input: "readonly", help: "The page's address; it cannot change." },
  { name: "title", label: "Heading", input: "text", required: true, maxLength: 160 },
  { name: "subtitle", label: "Subtitle", input: "text", maxLength: 300, help: "One sentence under the heading." },
  {
    name: "metaDescription",
    label: "Search description",
    input: "textarea",
    maxLength: 160,
    help: "What search results show under the title; at most 160 characters.",
  },
  { name: "intro", label: "Introduction", input: "textarea", maxLength: 2000 },
  {
    name: "heroImage",
    label: "Illustration",
    input: "text",
    help: "A path on this site, for example /images/industries/farms.svg",
  },
  { name: "heroImageAlt", label: "Illustration text", input: "text", maxLength: 300, help: "What the image shows." },
  {
    name: "benefits",
    label: "Benefits",
    input: "list",
    minItems: 1,
    maxItems: 8,
    item: [
      iconField,
      { name: "title", label: "Title", input: "text", required: true, maxLength: 120 },
      { name: "description", label: "Text", input: "textarea", required: true, maxLength: 1000 },
    ],
  },
  {
    name: "incentives",
    label: "Incentives that can apply",
    input: "list",
    maxItems: 10,
    item: [
      { name: "title", label: "Title", input: "text", required: true, maxLength: 120 },
      { name: "description", label: "Text", input: "textarea", required: true, maxLength: 1000 },
    ],
  },
  {
    name: "useCases",
    label: "Use cases",
    input: "list",
    maxItems: 8,
    item: [
      iconField,
      { name: "title", label: "Title", input: "text", required: true, maxLength: 120 },
      { name: "description", label: "Text", input: "textarea", required: true, maxLength: 1000 },
    ],
  },
  { name: "caseStudyAuthor", label: "Example title", input: "text", maxLength: 200 },
  { name: "caseStudyQuote", label: "Example text", input: "textarea", maxLength: 2000 },
  {
    name: "caseStudyMetrics",
    label: "Example figures",
    input: "list",
    maxItems: 6,
    item: [iconField, { name: "text", label: "Figure", input: "text", required: true, maxLength: 120 }],
  },
  {
    name: "faq",
    label: "Questions and answers",
    input: "list",
    maxItems: 12,
    item: [
      { name: "question", label: "Question", input: "text", required: true, maxLength: 300 },
      { name: "answer", label: "Answer", input: "textarea", required: true, maxLength: 2000 },
    ],
  },
  { name: "ctaText", label: "Closing call to action", input: "textarea", maxLength: 400 },
  sourcesField,
  {
    name: "active",
    label: "Active",
    input: "checkbox",
    help: "Stored with the record; the site's industry menu and cards do not read it yet.",
  },
];
