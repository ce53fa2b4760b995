/** JSON-LD for incentive lists (an ItemList) with the spec's Service offer data. */
export function incentiveListJsonLd(
  siteUrl: string,
  name: string,
  items: readonly { title: string; description: string; link: string | null }[],
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
        "@type": "GovernmentService",
        name: item.title,
        description: item.description,
        ...(item.link ? { url: item.link } : {}),
      },
    })),
    // Spec section 9: our advisory service, offer count 20+, price range 0 to 500000 USD.
    about: {
      "@type": "Service",
      name: "Commercial solar incentive advisory",
      provider: { "@type": "Organization", name: "Commercial Solar Advisors", url: siteUrl },
      offers: {
        "@type": "AggregateOffer",
        // schema.org wants an integer: "20+" in the spec reads as at least 20.
        offerCount: 20,
        lowPrice: 0,
        highPrice: 500000,
        priceCurrency: "USD",
      },
    },
  };
}

export function jsonLdScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
