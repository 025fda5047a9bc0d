import { walletDisconnectedSchema } from '../../lib/wallet/wallet-api-schemas'
import { clientIpFromRequest } from '../http/client-ip'
import type { ServerPlugin } from '../http/plugin'
import { consumeRateLimit } from '../rate-limit/consume-rate-limit'
import { getPublicWalletConfig } from '../services/wallet/get-public-wallet-config'
import { notifyWalletDisconnected } from '../services/wallet/notify-wallet-disconnected'
import { limitBody } from '../http/body-limit'

/** A visitor disconnects a wallet a few times at most; more is someone filling the channel. */
const disconnectLimit = { limit: 10, windowMs: 60_000 }

/**
 * The wallet badge's two server calls:
 * - GET /api/wallet/config: the public chain and token settings (TOKEN_ADDRESS, RPC_URL_<chainId>),
 *   read by the browser at run time so prerendered pages carry no deployment values;
 * - POST /api/wallet/disconnected: queues the "Disconnected" notification through the outbox.
 */
export const walletPlugin: ServerPlugin = {
  name: 'wallet',
  routes(app, ctx) {
    app.get('/api/wallet/config', (c) => {
      c.header('Cache-Control', 'public, max-age=60')
      return c.json(getPublicWalletConfig({ tokenAddress: ctx.env.TOKEN_ADDRESS, rpcUrls: ctx.env.rpcUrls }))
    })

    app.post('/api/wallet/disconnected', limitBody(1024, (c) => c.json({ error: 'Request too large' }, 413)), async (c) => {
      c.header('Cache-Control', 'no-store')
      const limit = await consumeRateLimit({ key: `wallet-disconnected:ip:${clientIpFromRequest(c.req.raw) ?? 'unknown'}`, ...disconnectLimit })
      if (!limit.allowed) {
        c.header('Retry-After', String(limit.retryAfterSeconds))
        return c.json({ error: 'Too many attempts. Please wait a minute and try again.' }, 429)
      }
      // JSON only: a cross-site form cannot send it without a CORS preflight this server never grants.
      if (!c.req.header('content-type')?.startsWith('application/json')) return c.json({ error: 'Expected JSON' }, 415)
      let body: unknown
      try {
        body = await c.req.json()
      } catch {
        return c.json({ error: 'Invalid request' }, 400)
      }
      const parsed = walletDisconnectedSchema.safeParse(body)
      if (!parsed.success) return c.json({ error: 'Invalid request' }, 400)
      await notifyWalletDisconnected(ctx.db, parsed.data)
      return c.body(null, 204)
    })
  },
}
