import type { PgNotifications } from '../db/pg-notifications'
import { clientIpFromRequest } from '../http/client-ip'
import { ActorCache } from './actor-cache'
import type { ServerPlugin } from '../http/plugin'
import { loadAuthSecret } from './auth-secret'
import { createAuth, type Auth } from './create-auth'
import { guardAuthRequest } from './guard-auth-request'
import { knownDeviceKey } from './known-device-cookie'
import { resolveActor, sessionCacheKey } from './resolve-actor'
import { startViewingAs } from '../services/profiles/start-viewing-as'
import { toHttpAnswer } from '../errors/to-http-answer'
import { VIEW_AS_COOKIE, viewAsCookieValue } from './view-as'

/** better-auth at /api/auth/*, behind the limits of guard-auth-request.ts. Registers ctx.services.auth. */
export const authPlugin: ServerPlugin = {
  name: 'auth',
  async setup(ctx) {
    ctx.services.auth = createAuth(ctx)
    // Signs and checks the view-as cookie (view-as.ts).
    ctx.services.authSecret = loadAuthSecret(ctx.env.AUTH_SECRET, ctx.env.dataDir)
    // Resolved sessions and tokens, forgotten as soon as the database announces a change to their user.
    const cache = new ActorCache()
    ctx.services.actorCache = cache
    const notifications = ctx.services.notifications as PgNotifications | undefined
    if (notifications) {
      notifications.onStatus((live) => cache.setTrusted(live))
      await notifications.listen('actor_changed', (userId) => cache.forgetUser(userId))
      cache.setTrusted(notifications.isLive())
    }
  },
  routes(app, ctx) {
    const deviceKey = knownDeviceKey(loadAuthSecret(ctx.env.AUTH_SECRET, ctx.env.dataDir))
    const secureCookies = ctx.env.publicUrl.startsWith('https://')
    // The browser's session view (app/features/auth/use-session.ts): who is signed in and whether an admin.
    app.get('/api/session', async (c) => {
      const actor = await resolveActor(c.req.raw)
      c.header('cache-control', 'no-store')
      // secondFactorRequired: an admin account signed in without a second factor (no admin rights until it sets one up).
      return c.json({
        user: actor
          ? { id: actor.userId, email: actor.email, isAdmin: actor.isAdmin, secondFactorRequired: actor.adminNeedsSecondFactor === true, viewingAs: actor.viewingAs ? { adminEmail: actor.viewingAs.adminEmail } : null }
          : null,
      })
    })
    // An admin views the portal as a client (read-only), and stops (view-as.ts).
    app.post('/api/view-as', async (c) => {
      c.header('cache-control', 'no-store')
      try {
        const body = (await c.req.json().catch(() => ({}))) as { userId?: unknown }
        const started = await startViewingAs({ actor: await resolveActor(c.req.raw), userId: typeof body.userId === 'string' ? body.userId : '' })
        const value = viewAsCookieValue(ctx.services.authSecret as string, started.userId, started.sessionId)
        c.header('set-cookie', `${secureCookies ? '__Secure-' : ''}${VIEW_AS_COOKIE}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax${secureCookies ? '; Secure' : ''}`)
        return c.json({ ok: true })
      } catch (error) {
        const answer = toHttpAnswer(error, { signedIn: true, log: (e) => ctx.log.error({ err: e }, 'view-as failed') })
        return c.json({ ok: false, message: answer.message }, answer.status as 400)
      }
    })
    app.post('/api/view-as/stop', (c) => {
      c.header('cache-control', 'no-store')
      c.header('set-cookie', `${secureCookies ? '__Secure-' : ''}${VIEW_AS_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secureCookies ? '; Secure' : ''}`)
      return c.json({ ok: true })
    })
    app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
      const request = c.req.raw
      const response = await guardAuthRequest({
        auth: ctx.services.auth as Auth,
        ctx,
        request,
        path: c.req.path.slice('/api/auth'.length),
        // The client address as the client-ip plugin stamped it (the peer, or what a trusted proxy says).
        ip: clientIpFromRequest(request) ?? 'unknown',
        deviceKey,
        secureCookies,
      })
      // A sign-out, a password or email change from this browser counts on this instance at once
      // (other instances hear the database's announcement a moment later).
      if (request.method === 'POST') {
        const key = sessionCacheKey(request.headers)
        if (key) (ctx.services.actorCache as ActorCache).forgetUserOf(key)
      }
      response.headers.set('cache-control', 'no-store')
      return response
    })
  },
}
