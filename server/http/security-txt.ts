import { site } from '../../lib/site'

export const SECURITY_TXT_PATH = '/.well-known/security.txt'

/**
 * RFC 9116 security.txt from the site configuration: where to report a vulnerability (the company's
 * email), until when the file holds (a year ahead of `now`, so it never goes stale while the site
 * runs), its canonical address under the public URL, and the language reports are read in.
 */
export function securityTxt({ publicUrl, now = new Date() }: { publicUrl: string; now?: Date }): string {
  const expires = new Date(now)
  expires.setUTCFullYear(expires.getUTCFullYear() + 1)
  expires.setUTCMilliseconds(0)
  return [
    `Contact: mailto:${site.email}`,
    `Expires: ${expires.toISOString().replace('.000Z', 'Z')}`,
    `Canonical: ${publicUrl}${SECURITY_TXT_PATH}`,
    'Preferred-Languages: en',
    '',
  ].join('\n')
}
