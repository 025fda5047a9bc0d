/**
 * Headers every answer carries, whichever part of the server writes it (pages, static files, the API,
 * the tus endpoint that runs before Hono, refusals). A handler that needs another value for one of
 * them (an uploaded file's own policy) sets its own, which replaces this one.
 *
 * Permissions-Policy: the System Status panel and the contact map ask for the visitor's location, so
 * geolocation stays allowed for the site itself; nothing on the site uses the camera, microphone,
 * payments, USB or the motion sensors, so no page (nor anything injected into one) may ask for them.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=(self)',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ')

/** A year, with subdomains: the site is served over https only once PUBLIC_URL says so. */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains'

export function securityHeaders({ publicUrl }: { publicUrl: string }): [name: string, value: string][] {
  return [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ...(publicUrl.startsWith('https://') ? ([['Strict-Transport-Security', STRICT_TRANSPORT_SECURITY]] as [string, string][]) : []),
  ]
}
