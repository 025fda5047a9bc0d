import { createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { describe, expect, it } from 'vitest'
import type { AppContext } from '../context/app-context'
import { CLIENT_IP_HEADER, clientIpFromRequest, clientIpPlugin, PEER_IP_HEADER, peerIpFromRequest } from './client-ip'

/** A server with only the client-ip plugin in front; answers with what a Fetch handler sees. */
async function seenBy(trustedProxies: string[], headers: Record<string, string>) {
  const ctx = { env: { TRUSTED_PROXIES: trustedProxies }, services: {} } as unknown as AppContext
  await clientIpPlugin.setup!(ctx)
  let seen: { client?: string; peer?: string } = {}
  const listener = getRequestListener((request) => {
    seen = { client: clientIpFromRequest(request), peer: peerIpFromRequest(request) }
    return new Response('ok')
  })
  const server = createServer((req, res) => {
    clientIpPlugin.node!(req, res, ctx)
    listener(req, res)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/', headers }, (res) => {
      res.resume()
      res.on('end', resolve)
    })
    req.on('error', reject)
    req.end()
  })
  server.close()
  return seen
}

describe('clientIpPlugin', () => {
  it('gives the Fetch request the socket address and ignores values sent by the client', async () => {
    const seen = await seenBy([], { [CLIENT_IP_HEADER]: '198.51.100.9', [PEER_IP_HEADER]: '198.51.100.9', 'x-forwarded-for': '198.51.100.10' })
    expect(seen).toEqual({ client: '127.0.0.1', peer: '127.0.0.1' })
  })

  it('takes the visitor from X-Forwarded-For when the peer is a trusted proxy, and keeps the peer apart', async () => {
    const seen = await seenBy(['127.0.0.1'], { 'x-forwarded-for': '6.6.6.6, 198.51.100.10' })
    expect(seen).toEqual({ client: '198.51.100.10', peer: '127.0.0.1' })
  })
})
