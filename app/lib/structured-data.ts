/**
 * JSON-LD for incentive lists: a short ItemList (position, name, the program's page), which is
 * what search engines read from a summary list (issue 24: the full descriptions doubled the
 * page's weight and are on the page anyway), and our free advisory service. The spec's
 * AggregateOffer ($0 to $500,000) contradicted "free to you": the offer is one free Offer.
 */
export function incentiveListJsonLd(
  siteUrl: string,
  name: string,
  items: readonly { title: string; link: string | null }[],
) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name,
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.title,
      ...(item.link ? { url: item.link } : {}),
    })),
    about: {
      "@type": "Service",
      name: "Commercial solar incentive advisory",
      provider: { "@type": "Organization", name: "Commercial Solar Advisors", url: siteUrl },
      offers: { "@type": "Offer", price: 0, priceCurrency: "USD", description: "Free advice; partners pay us" },
    },
  };
}

export function jsonLdScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** An industry page: our advisory service for that trade, and its questions as a FAQPage. */
export function industryJsonLd(
  siteUrl: string,
  page: { slug: string; title: string; metaDescription: string; faq: { question: string; answer: string }[] },
  label: string,
) {
  const url = `${siteUrl}/${page.slug}`;
  return [
    {
      "@context": "https://schema.org",
      "@type": "Service",
      name: page.title,
      description: page.metaDescription,
      serviceType: "Commercial solar incentive advisory",
      audience: { "@type": "BusinessAudience", name: label },
      areaServed: { "@type": "Country", name: "United States" },
      provider: { "@type": "Organization", name: "Commercial Solar Advisors", url: siteUrl },
      offers: { "@type": "Offer", price: 0, priceCurrency: "USD", description: "Free advice; partners pay us" },
      url,
    },
    ...(page.faq.length
      ? [
          {
            "@context": "https://schema.org",
            "@type": "FAQPage",
            url,
            mainEntity: page.faq.map((item) => ({
              "@type": "Question",
              name: item.question,
              acceptedAnswer: { "@type": "Answer", text: item.answer },
            })),
          },
        ]
      : []),
  ];
}

/** The buyer's guide: an Article by the firm, and its questions as a FAQPage (answers as shown). */
export function guideJsonLd(
  siteUrl: string,
  guide: {
    path: string;
    title: string;
    description: string;
    published: string;
    modified: string;
    faq: readonly { question: string; answer: string }[];
  },
) {
  const url = `${siteUrl}${guide.path}`;
  const firm = { "@type": "Organization", name: "Commercial Solar Advisors", url: siteUrl };
  return [
    {
      "@context": "https://schema.org",
      "@type": "Article",
      headline: guide.title,
      description: guide.description,
      datePublished: guide.published,
      dateModified: guide.modified,
      author: firm,
      publisher: firm,
      mainEntityOfPage: url,
    },
    {
      "@context": "https://schema.org",
      "@type": "FAQPage",
      url,
      mainEntity: guide.faq.map((item) => ({
        "@type": "Question",
        name: item.question,
        acceptedAnswer: { "@type": "Answer", text: item.answer },
      })),
    },
  ];
}
