import type { Server } from 'node:http'
import net, { type Socket } from 'node:net'

/**
 * How long a connection that has sent nothing yet may still send its first request once the server
 * stopped listening. It was accepted before the listener closed (a client connecting at that very
 * moment): closing it at once would reset a request the client is sending. A connection that sends
 * nothing within this time (a browser's spare) is closed then, so it cannot hold the shutdown.
 */
export const UNUSED_CONNECTION_GRACE_MS = 1000

interface Use {
  /** Requests being answered on it. */
  active: number
  /** Whether it has been answered on at least once (a kept-alive connection). */
  served: boolean
  /** What it had sent when its last answer ended: more since means a new request is arriving. */
  bytesAtIdle: number
}

export interface TrackedConnections {
  /**
   * Stops accepting connections and resolves once every open one has closed. Unlike the HTTP
   * server's close(), it closes none of them itself: closeUnused() says which may go.
   */
  stopListening(): Promise<void>
  /** Closes the connections nothing is using: idle kept-alive ones, and unused ones past the grace. */
  closeUnused(stoppedListeningAt: number): void
}

/** Follows the connections of `server` (upgraded ones leave it) for a shutdown that drops no request. */
export function trackConnections(server: Server): TrackedConnections {
  const uses = new Map<Socket, Use>()
  server.on('connection', (socket: Socket) => {
    uses.set(socket, { active: 0, served: false, bytesAtIdle: 0 })
    socket.once('close', () => uses.delete(socket))
  })
  server.on('request', (req, res) => {
    const use = uses.get(req.socket)
    if (!use) return
    use.active++
    res.once('close', () => {
      use.active--
      use.served = true
      use.bytesAtIdle = req.socket.bytesRead
    })
  })
  // An upgraded connection (the chat's WebSocket) is its protocol's to close.
  server.on('upgrade', (req) => uses.delete(req.socket))
  return {
    stopListening: () => new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve())),
    closeUnused(stoppedListeningAt) {
      const graceOver = Date.now() - stoppedListeningAt >= UNUSED_CONNECTION_GRACE_MS
      for (const [socket, use] of uses) {
        if (use.active > 0) continue
        if (use.served ? socket.bytesRead === use.bytesAtIdle : graceOver && socket.bytesRead === 0) socket.destroy()
      }
    },
  }
}
