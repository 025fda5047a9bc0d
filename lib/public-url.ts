/**
 * The site's external URL. The server sets PUBLIC_URL into the environment at start;
 * without it, the request's own origin is used.
 */
export function publicUrlFrom(request: Request): string {
  const configured = typeof process !== 'undefined' ? process.env.PUBLIC_URL : undefined
  return (configured || new URL(request.url).origin).replace(/\/$/, '')
}
