import { site } from './site'

/** The company as schema.org structured data, in every page's head. */
export function organizationJsonLd() {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.legalName,
    alternateName: site.companyName,
    email: site.email,
    description: site.description,
    address: {
      '@type': 'PostalAddress',
      streetAddress: `${site.address.building}, ${site.address.road}`,
      addressLocality: site.address.town,
      addressRegion: site.address.county,
      postalCode: site.address.postcode,
      addressCountry: 'GB',
    },
    sameAs: site.social.map((s) => s.href),
  }
}
