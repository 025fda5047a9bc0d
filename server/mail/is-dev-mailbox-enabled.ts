import type { Env } from '../env'

/**
 * The dev mailbox shows every mail, verification codes included, to whoever opens it. It is served only
 * when no SMTP server is configured and the site's public address is this machine: a deployment
 * reachable by others never exposes it. With `requestUrl`, the request must also have been addressed to
 * a loopback name, so a server that listens on all interfaces with PUBLIC_URL left unset does not hand
 * the page to a visitor who reached it by its network address.
 */
export function isDevMailboxEnabled(env: Pick<Env, 'SMTP_URL' | 'publicUrl'>, requestUrl?: string): boolean {
  if (env.SMTP_URL) return false
  return isLoopbackUrl(env.publicUrl) && (requestUrl === undefined || isLoopbackUrl(requestUrl))
}

function isLoopbackUrl(url: string) {
  let hostname: string
  try {
    hostname = new URL(url).hostname
  } catch {
    return false
  }
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname)
}
