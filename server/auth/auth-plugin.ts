import { clientIpFromRequest } from '../http/client-ip'
import type { ServerPlugin } from '../http/plugin'
import { attemptPaths, codePaths, consumeCodeRequest, isAttemptBlocked, recordFailedAttempt, tooManyAttemptsResponse } from './auth-rate-limit'
import { createAuth, type Auth } from './create-auth'
import { resolveActor } from './resolve-actor'

async function readEmail(request: Request): Promise<string | null> {
  if (!(request.headers.get('content-type') ?? '').includes('json')) return null
  const body = (await request.clone().json().catch(() => null)) as { email?: unknown } | null
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase().slice(0, 254) || null : null
}

/** better-auth at /api/auth/*, behind the per-account and per-IP limits. Registers ctx.services.auth. */
export const authPlugin: ServerPlugin = {
  name: 'auth',
  setup(ctx) {
    ctx.services.auth = createAuth(ctx)
  },
  routes(app, ctx) {
    // The browser's session view (app/features/auth/use-session.ts): who is signed in and whether an admin.
    app.get('/api/session', async (c) => {
      const actor = await resolveActor(c.req.raw)
      c.header('cache-control', 'no-store')
      return c.json({ user: actor ? { id: actor.userId, email: actor.email, isAdmin: actor.isAdmin } : null })
    })
    app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
      const auth = ctx.services.auth as Auth
      const request = c.req.raw
      const path = c.req.path.slice('/api/auth'.length)
      // The visitor's address (behind TRUSTED_PROXIES, the one X-Forwarded-For names).
      const ip = clientIpFromRequest(request) ?? 'unknown'
      const isAttempt = request.method === 'POST' && attemptPaths.has(path)
      let email: string | null = null
      if (request.method === 'POST' && (isAttempt || codePaths.has(path))) {
        email = await readEmail(request)
        if (isAttempt && (await isAttemptBlocked(email, ip))) return tooManyAttemptsResponse()
        if (codePaths.has(path) && !(await consumeCodeRequest(email, ip))) return tooManyAttemptsResponse()
      }
      const response = await auth.handler(request)
      if (isAttempt && response.status >= 400 && response.status < 500 && response.status !== 429) {
        // The right password of an unverified account is not a wrong attempt.
        const code = ((await response.clone().json().catch(() => null)) as { code?: string } | null)?.code
        if (code !== 'EMAIL_NOT_VERIFIED') await recordFailedAttempt(email, ip)
      }
      response.headers.set('cache-control', 'no-store')
      return response
    })
  },
}
