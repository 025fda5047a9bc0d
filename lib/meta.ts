import { findRoute } from './route-table'
import { site } from './site'

export interface PageMetaOptions {
  path: string
  title?: string
  description?: string
  publicUrl?: string
}

/** Per-route metadata (built on the server, in a page's loader): title, description, keywords, Open Graph and Twitter card tags. */
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
