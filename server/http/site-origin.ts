/**
 * The site's own origin, the only one whose requests may carry the visitor's cookies:
 * - with PUBLIC_URL, its origin and nothing else;
 * - without it, the origin the request was addressed to (its Host header, over http or https), which a
 *   page on another site cannot choose: its browser sends the Host of the URL it calls and the Origin
 *   of the page that calls it.
 */
export interface SiteOriginOptions {
  /** PUBLIC_URL as configured (undefined when unset). */
  publicUrl: string | undefined
  /** The request's Host header. */
  host: string | undefined
}

export function isSiteOrigin(origin: string, { publicUrl, host }: SiteOriginOptions): boolean {
  const normalized = originOf(origin)
  // A serialized origin has no path, credentials or trailing slash; anything else is not one.
  if (!normalized || normalized !== origin.toLowerCase()) return false
  if (publicUrl) return normalized === originOf(publicUrl)
  if (!host) return false
  return normalized === originOf(`http://${host}`) || normalized === originOf(`https://${host}`)
}

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined
  } catch {
    return undefined
  }
}
