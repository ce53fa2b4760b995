/** A short ItemList: full descriptions doubled the page's weight. One free Offer, not the spec's AggregateOffer. */
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

// No FAQPage data (decision 0033): Google shows FAQ rich results only for government and health sites.

export function industryJsonLd(
  siteUrl: string,
  page: { slug: string; title: string; metaDescription: string },
  label: string,
) {
  const url = `${siteUrl}/${page.slug}`;
  return {
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
  };
}

export function guideJsonLd(
  siteUrl: string,
  guide: { path: string; title: string; description: string; published: string; modified: string },
) {
  const url = `${siteUrl}${guide.path}`;
  const firm = { "@type": "Organization", name: "Commercial Solar Advisors", url: siteUrl };
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: guide.title,
    description: guide.description,
    datePublished: guide.published,
    dateModified: guide.modified,
    author: firm,
    publisher: firm,
    mainEntityOfPage: url,
  };
}
