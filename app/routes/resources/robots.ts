import { publicUrlFrom } from '../../../lib/public-url'

export function loader({ request }: { request: Request }) {
  const base = publicUrlFrom(request)
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /profile', 'Disallow: /api/', 'Disallow: /files/', 'Allow: /files/blog-images/', `Sitemap: ${base}/sitemap.xml`, ''].join('\n')
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
