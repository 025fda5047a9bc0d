import type { Context } from 'hono'
import { resolveActor } from '../auth/resolve-actor'
import { getAppContext } from '../context/app-context'
import { toHttpAnswer } from '../errors/to-http-answer'
import { getFileThumbnail } from '../services/files/get-file-thumbnail'
import { setFileThumbnail } from '../services/files/set-file-thumbnail'

const pathOf = (c: Context) => new URL(c.req.url).pathname.slice('/thumbnails/'.length)

function refusal(c: Context, error: unknown, signedIn: boolean): Response {
  const answer = toHttpAnswer(error, { signedIn, log: (e) => getAppContext().log.error({ err: e }, 'thumbnail request failed') })
  return c.text(answer.message, answer.status as 400, { 'cache-control': 'no-store' })
}

/** GET /thumbnails/{path}: a file's thumbnail (PNG), for whoever may read the file. */
export async function serveThumbnail(c: Context): Promise<Response> {
  const actor = await resolveActor(c.req.raw)
  try {
    const png = await getFileThumbnail({ actor, path: pathOf(c) })
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(png), {
      headers: {
        'content-type': 'image/png',
        'content-length': String(png.length),
        'cache-control': 'private, no-cache',
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'same-origin',
      },
    })
  } catch (error) {
    return refusal(c, error, actor !== null)
  }
}

/** PUT /thumbnails/{path} with a PNG body (at most THUMBNAIL_MAX_BYTES, cut off by the route): keeps the viewer's picture of the file (204). */
export async function storeThumbnail(c: Context): Promise<Response> {
  const actor = await resolveActor(c.req.raw)
  try {
    const body = Buffer.from(await c.req.arrayBuffer())
    await setFileThumbnail({ actor, path: pathOf(c), png: body })
    return c.body(null, 204)
  } catch (error) {
    return refusal(c, error, actor !== null)
  }
}
