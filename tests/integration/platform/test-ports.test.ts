import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { ephemeralPortRange, freePort } from '../../setup/free-port'

// A port picked for a process the test starts a moment later must not be one the kernel can meanwhile
// give an outgoing connection: a load-balanced instance once failed to start with EADDRINUSE that way.
describe('ports for the servers a test starts', () => {
  it('are below the range of outgoing connections, and free', async () => {
    const [ephemeralLow] = ephemeralPortRange()
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()))
    for (const port of ports) expect(port).toBeLessThan(ephemeralLow)
    for (const port of ports) {
      const server = net.createServer()
      await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()))
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
