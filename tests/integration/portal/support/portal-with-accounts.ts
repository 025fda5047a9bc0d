import { beforeAll } from 'vitest'
import type { Logger } from '../../../../server/core/logger'
import { signUpEach, userIdOf } from './accounts'
import type { HttpClient } from './http-client'
import { portalServerForSuite, type PortalServer } from './portal-server'

/**
 * The portal for the enclosing suite with one signed-up, verified client per named address, e.g.
 * `portalWithAccounts({ ADMIN_EMAILS: 'boss@example.test' }, { admin: 'boss@example.test', client: 'curious@example.test' })`.
 * The accounts are signed up all at once in a `beforeAll` that runs after the portal starts and before
 * the suite's own hooks; `accounts.admin` is the client of the address named `admin` and `ids.admin`
 * its user id, and reading either before then throws.
 */
export function portalWithAccounts<const Emails extends Record<string, string>>(
  env: Record<string, string>,
  emails: Emails,
  options: { log?: Logger } = {},
): { portal: PortalServer; accounts: { readonly [K in keyof Emails]: HttpClient }; ids: { readonly [K in keyof Emails]: string } } {
  const portal = portalServerForSuite(env, options)
  const names = Object.keys(emails)
  let signedUp: { clients: HttpClient[]; ids: string[] } | undefined
  beforeAll(async () => {
    const clients = await signUpEach(portal, names.map((name) => emails[name]!))
    signedUp = { clients, ids: await Promise.all(clients.map(userIdOf)) }
  })
  /** An object with a field per name that reads, once the accounts are signed up, that account's entry of `pick`. */
  const byName = <T,>(pick: (accounts: NonNullable<typeof signedUp>) => T[]) => {
    const fields = {} as { [K in keyof Emails]: T }
    names.forEach((name, i) => {
      Object.defineProperty(fields, name, {
        enumerable: true,
        get() {
          if (!signedUp) throw new Error(`the account "${name}" is signed up before the suite’s tests: use it in a hook or a test`)
          return pick(signedUp)[i]
        },
      })
    })
    return fields
  }
  return { portal, accounts: byName((s) => s.clients), ids: byName((s) => s.ids) }
}
