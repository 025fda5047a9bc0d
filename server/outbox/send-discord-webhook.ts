import type { DiscordMessage } from './format-discord-message'

/** A delivery that failed; `retryAfterMs` when the receiver said how long to wait (HTTP 429). */
export class DeliveryError extends Error {
  constructor(
    message: string,
    public readonly retryAfterMs?: number,
    /** false when trying again cannot help (e.g. the webhook was deleted: 404). */
    public readonly retryable = true,
  ) {
    super(message)
    this.name = 'DeliveryError'
  }
}

/** Posts one message to a Discord webhook; throws a DeliveryError unless Discord accepted it (2xx). */
export async function sendDiscordWebhook(url: string, message: DiscordMessage, timeoutMs = 15_000): Promise<void> {
  let res: Response
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    throw new DeliveryError(`webhook unreachable: ${(error as Error).message}`)
  }
  if (res.ok) {
    await res.body?.cancel()
    return
  }
  const body = (await res.text().catch(() => '')).slice(0, 300)
  let retryAfterMs: number | undefined
  if (res.status === 429) {
    // Discord answers 429 with retry_after in seconds in the body, and a Retry-After header.
    const fromBody = Number((safeJson(body) as { retry_after?: unknown } | undefined)?.retry_after)
    const fromHeader = Number(res.headers.get('retry-after'))
    const seconds = Number.isFinite(fromBody) && fromBody > 0 ? fromBody : Number.isFinite(fromHeader) && fromHeader > 0 ? fromHeader : undefined
    if (seconds !== undefined) retryAfterMs = Math.ceil(seconds * 1000)
  }
  // 400: Discord rejects this message's content, so sending it again cannot succeed. Anything else
  // (a deleted webhook, a wrong token, an outage) is retried: the operator may fix it meanwhile.
  const retryable = res.status !== 400
  throw new DeliveryError(`webhook answered ${res.status}${body ? `: ${body}` : ''}`, retryAfterMs, retryable)
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
