import { findRoute } from './route-table'
import { site } from './site'

export interface PageMetaOptions {
  path: string
  title?: string
  description?: string
  publicUrl?: string
}

/** Per-route metadata: title, description, keywords, Open Graph and Twitter card tags. */
export function pageMeta({ path, title, description }: PageMetaOptions) {
  const route = findRoute(path)
  const t = title ?? route?.title ?? site.companyName
  const d = description ?? route?.description ?? site.description
  const fullTitle = path === '/' ? `${site.companyName} | ${t}` : `${t} | ${site.companyName}`
  return [
    { title: fullTitle },
    { name: 'description', content: d },
    { name: 'keywords', content: site.keywords.join(', ') },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: site.companyName },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: d },
    { property: 'og:url', content: path },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: d },
  ]
}

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
