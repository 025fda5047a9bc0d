import type { BetterAuthPlugin, GenericEndpointContext } from 'better-auth'
import { APIError, createAuthEndpoint, getSessionFromCtx, sessionMiddleware } from 'better-auth/api'
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '../../lib/auth-schema'
import { z } from '../../lib/zod'

/** How long a password confirmed for adding a passkey holds: one WebAuthn ceremony. */
const GATE_SECONDS = 5 * 60
const gateOf = (sessionId: string) => `passkey-add-${sessionId}`

/**
 * Adding a passkey asks for the password first, so a session left open somewhere cannot add a way
 * in, and before the browser's ceremony, so a wrong password leaves no passkey on the device that the
 * site does not know. `POST /api/auth/passkey/confirm-password { password }` (within the password
 * limits) opens the gate for this session for one ceremony: the registration options need it open,
 * and the registration closes it.
 */
export function passkeyGatePlugin(passwordOf: (userId: string, password: string) => Promise<boolean>): BetterAuthPlugin {
  return {
    id: 'meshwork-passkey-gate',
    endpoints: {
      confirmPasswordForPasskey: createAuthEndpoint(
        '/passkey/confirm-password',
        { method: 'POST', body: z.object({ password: z.string().max(256) }), use: [sessionMiddleware] },
        async (c) => {
          const { session } = c.context.session
          if (!(await passwordOf(session.userId, c.body.password))) throw new APIError('BAD_REQUEST', { code: 'INVALID_PASSWORD', message: WRONG_CURRENT_PASSWORD_MESSAGE })
          await c.context.internalAdapter.deleteVerificationByIdentifier(gateOf(session.id))
          await c.context.internalAdapter.createVerificationValue({ identifier: gateOf(session.id), value: session.userId, expiresAt: new Date(Date.now() + GATE_SECONDS * 1000) })
          return c.json({ status: true })
        },
      ),
    },
  }
}

/** The before-hook's check: the gate of this session is open (and, at the registration, it closes). */
export async function requirePasskeyGate(c: GenericEndpointContext, { close }: { close: boolean }) {
  const session = await getSessionFromCtx(c).catch(() => null)
  if (!session) throw new APIError('UNAUTHORIZED', { code: 'UNAUTHORIZED', message: 'Unauthorized' })
  const identifier = gateOf(session.session.id)
  const gate = close ? await c.context.internalAdapter.consumeVerificationValue(identifier) : await c.context.internalAdapter.findVerificationValue(identifier)
  if (!gate || gate.value !== session.user.id || gate.expiresAt.getTime() < Date.now()) {
    throw new APIError('FORBIDDEN', { code: 'PASSWORD_REQUIRED', message: 'Please enter your password again to add a passkey.' })
  }
}
