import { beforeAll } from 'vitest'
import type { Logger } from '../../../../server/core/logger'
import { signUpEach } from './accounts'
import type { HttpClient } from './http-client'
import { portalServerForSuite, type PortalServer } from './portal-server'

/**
 * The portal for the enclosing suite with one signed-up, verified client per named address, e.g.
 * `portalWithAccounts({ ADMIN_EMAILS: 'boss@example.test' }, { admin: 'boss@example.test', client: 'curious@example.test' })`.
 * The accounts are signed up all at once in a `beforeAll` that runs after the portal starts and before
 * the suite's own hooks; `accounts.admin` is the client of the address named `admin`, and reading an
 * account before then throws.
 */
export function portalWithAccounts<const Emails extends Record<string, string>>(
  env: Record<string, string>,
  emails: Emails,
  options: { log?: Logger } = {},
): { portal: PortalServer; accounts: { readonly [K in keyof Emails]: HttpClient } } {
  const portal = portalServerForSuite(env, options)
  const names = Object.keys(emails)
  let signedUp: HttpClient[] | undefined
  beforeAll(async () => {
    signedUp = await signUpEach(portal, names.map((name) => emails[name]!))
  })
  const accounts = {} as { [K in keyof Emails]: HttpClient }
  names.forEach((name, i) => {
    Object.defineProperty(accounts, name, {
      enumerable: true,
      get() {
        if (!signedUp) throw new Error(`the account "${name}" is signed up before the suite’s tests: use it in a hook or a test`)
        return signedUp[i]
      },
    })
  })
  return { portal, accounts }
}
