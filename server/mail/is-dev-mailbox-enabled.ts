import type { Env } from '../env'

/**
 * The dev mailbox shows every mail, verification codes included, to whoever opens it. It is served only
 * when no SMTP server is configured and the site's public address is this machine: a deployment
 * reachable by others never exposes it.
 */
export function isDevMailboxEnabled(env: Pick<Env, 'SMTP_URL' | 'publicUrl'>): boolean {
  if (env.SMTP_URL) return false
  let hostname: string
  try {
    hostname = new URL(env.publicUrl).hostname
  } catch {
    return false
  }
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname)
}
