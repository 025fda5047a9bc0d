import { createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { describe, expect, it } from 'vitest'
import { CLIENT_IP_HEADER, clientIpFromRequest, clientIpPlugin } from './client-ip'

describe('clientIpPlugin', () => {
  it('gives the Fetch request the socket address and ignores a value sent by the client', async () => {
    let seen: string | undefined
    const listener = getRequestListener((request) => {
      seen = clientIpFromRequest(request)
      return new Response('ok')
    })
    const server = createServer((req, res) => {
      clientIpPlugin.node!(req, res, undefined as never)
      listener(req, res)
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const { port } = server.address() as AddressInfo
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/', headers: { [CLIENT_IP_HEADER]: '198.51.100.9' } }, (res) => {
        res.resume()
        res.on('end', resolve)
      })
      req.on('error', reject)
      req.end()
    })
    server.close()
    expect(seen).toBe('127.0.0.1')
  })
})
