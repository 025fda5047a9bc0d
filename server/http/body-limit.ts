import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'

/**
 * Hono's body limit, answering a larger body with `refusal` (a 413) and `Connection: close`. The rest
 * of the body is never read, so the server drops the connection after the answer; saying so keeps a
 * client from sending its next request on a connection that is about to close (it would fail).
 */
export function limitBody(maxSize: number, refusal: (c: Context) => Response): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: (c) => {
      c.header('Connection', 'close')
      return refusal(c)
    },
  })
}
