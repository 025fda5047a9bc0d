import { publicUrlFrom } from '../../../lib/public-url'
import { routeTable } from '../../../lib/route-table'
import { sitemapBlogEntries } from './sitemap.server'

export async function loader({ request }: { request: Request }) {
  const base = publicUrlFrom(request)
  const urls = routeTable
    .filter((r) => r.sitemap)
    .map((r) => `  <url><loc>${base}${r.path === '/' ? '/' : r.path}</loc></url>`)
    .concat(await sitemapBlogEntries(base))
    .join('\n')
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' } })
}
