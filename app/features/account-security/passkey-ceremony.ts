import { callAuth, type AuthAnswer } from './auth-form'

/**
 * The browser's side of a passkey (WebAuthn): the server's options, the browser's ceremony (the
 * authenticator asks for a PIN, a fingerprint or a face), and the answer sent back to be checked.
 * @simplewebauthn/browser is loaded only when a passkey is used, not with the page.
 */

/** Whether this browser can use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'
}

/** Words for a ceremony the browser or the person stopped. */
function ceremonyProblem(error: unknown, doing: string): AuthAnswer {
  const name = error instanceof Error ? error.name : ''
  const message =
    name === 'NotAllowedError' || name === 'AbortError'
      ? `No passkey was ${doing}: the request was cancelled or timed out.`
      : name === 'InvalidStateError'
        ? 'This device already holds a passkey for your account.'
        : `The passkey could not be ${doing}. Please try again.`
  return { ok: false, status: 400, code: 'PASSKEY_CEREMONY', message }
}

async function optionsFrom(path: string): Promise<unknown | AuthAnswer> {
  try {
    const res = await fetch(`/api/auth${path}`, { credentials: 'same-origin', headers: { accept: 'application/json' } })
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>
    if (!res.ok) return { ok: false, status: res.status, code: body.code as string | undefined, message: body.message as string | undefined } satisfies AuthAnswer
    return body
  } catch {
    return { ok: false, status: 0, message: 'The server could not be reached. Please try again.' } satisfies AuthAnswer
  }
}

const isAnswer = (value: unknown): value is AuthAnswer => typeof value === 'object' && value !== null && 'ok' in value && (value as AuthAnswer).ok === false

type Browser = typeof import('@simplewebauthn/browser')

/**
 * One ceremony: the server's options, the browser's part with them (`start`), and its answer sent
 * back to be checked (with `extra`, say the passkey's name).
 */
async function ceremony(kind: 'register' | 'authenticate', start: (browser: Browser, optionsJSON: never) => Promise<unknown>, extra: Record<string, unknown> = {}): Promise<AuthAnswer> {
  const options = await optionsFrom(`/passkey/generate-${kind}-options`)
  if (isAnswer(options)) return options
  const browser = await import('@simplewebauthn/browser')
  let response: unknown
  try {
    response = await start(browser, options as never)
  } catch (error) {
    return ceremonyProblem(error, kind === 'register' ? 'added' : 'used')
  }
  return callAuth(`/passkey/verify-${kind === 'register' ? 'registration' : 'authentication'}`, { response, ...extra })
}

/** Adds a passkey to the signed-in account: the password first, then the authenticator's ceremony, then its answer with the name. */
export async function registerPasskey({ name, password }: { name: string; password: string }): Promise<AuthAnswer> {
  const confirmed = await callAuth('/passkey/confirm-password', { password })
  if (!confirmed.ok) return confirmed
  return ceremony('register', (browser, optionsJSON) => browser.startRegistration({ optionsJSON }), { name })
}

/** Signs in with a passkey this device holds (both factors in one step). */
export async function authenticateWithPasskey(): Promise<AuthAnswer> {
  return ceremony('authenticate', (browser, optionsJSON) => browser.startAuthentication({ optionsJSON }))
}
