import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * What the HTTP layer in front of better-auth (auth-plugin.ts) knows about the request being handled,
 * for the code better-auth calls back into (database hooks, the mail sender), which sees neither the
 * client address nor the body fields better-auth's own schemas drop.
 */
export interface AuthRequestScope {
  ip: string
  /** The JSON body as sent. */
  body: Record<string, unknown>
  /** Recipients whose code mail this request has already counted against the mail limits. */
  countedMailRecipients: Set<string>
}

const storage = new AsyncLocalStorage<AuthRequestScope>()

export function runInAuthRequestScope<T>(scope: AuthRequestScope, run: () => Promise<T>): Promise<T> {
  return storage.run(scope, run)
}

/** The scope of the auth request in progress, or undefined for a call that did not come over HTTP. */
export function currentAuthRequest(): AuthRequestScope | undefined {
  return storage.getStore()
}
