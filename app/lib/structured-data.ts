/**
 * JSON-LD for incentive lists (an ItemList) and our free advisory service. Government programs
 * are GovernmentService; utility tariffs and programs are not, so they are a plain Service. The
 * spec's AggregateOffer ($0 to $500,000) contradicted "free to you": the offer is one free Offer.
 */
export function incentiveListJsonLd(
  siteUrl: string,
  name: string,
  items: readonly { title: string; description: string; link: string | null; type: string }[],
) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name,
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      item: {
        "@type": item.type === "Utility" ? "Service" : "GovernmentService",
        name: item.title,
        description: item.description,
        ...(item.link ? { url: item.link } : {}),
      },
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
