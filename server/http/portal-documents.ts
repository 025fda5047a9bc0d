/**
 * The client portal's pages are rendered the same for everyone: the site's shell and a placeholder
 * where the page goes. Each page then reads its data, for the person signed in, from its own JSON
 * endpoint (the route's clientLoader), and every read and write is checked there by the services.
 *
 * So a portal document is rendered as a guest's request (no cookie, no Authorization header, no query
 * string: nothing of the visitor reaches the renderer) and shared like guests' pages (guest-page-cache.ts),
 * whatever credentials the request carried. A page that put a person's data in its document would
 * therefore show the guest's (signed-out) view, never someone else's.
 */
const PORTAL_DOCUMENTS = [/^\/profile$/, /^\/profile\/settings$/, /^\/profile\/jobs\/[0-9a-f-]{36}$/]

export function isPortalDocument(request: Request): boolean {
  if (request.method !== 'GET') return false
  const { pathname } = new URL(request.url)
  return PORTAL_DOCUMENTS.some((pattern) => pattern.test(pathname))
}

/** The request as a guest would send it: the same path, nothing that names the visitor. */
export function asGuestRequest(request: Request): Request {
  const url = new URL(request.url)
  url.search = ''
  const headers = new Headers(request.headers)
  for (const name of ['cookie', 'authorization']) headers.delete(name)
  return new Request(url, { method: 'GET', headers })
}
