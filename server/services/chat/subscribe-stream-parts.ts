import { eq, max } from 'drizzle-orm'
import type { ChatStreamPart } from '../../../lib/chat-schema'
import { getAppContext } from '../../context/app-context'
import { streamParts } from '../../db/schema'
import type { MaybeActor } from '../shared/authorize'
import { conversationTopic } from './chat-types'
import { readStreamParts } from './list-stream-parts'
import { requireOwnConversation } from './require-own-conversation'

export interface SubscribeStreamPartsOptions {
  actor: MaybeActor
  conversationId: string
  /** The last seq the client saw: stored parts after it are replayed first. Without it, only new parts. */
  afterSeq?: number | null
}

/** How often stored parts are read while the event bus cannot deliver (Redis unreachable). */
const STREAM_PART_POLL_MS = 250

/**
 * The assistant's stream parts for one conversation, for its owner only, in order, each once.
 *
 * Every part is stored before it is published, so the stored parts are the truth and the event bus
 * only makes them fast. The subscription listens first, then replays the stored parts after
 * `afterSeq` (or after the newest stored part, for a subscriber that wants only new ones), then passes
 * on live parts. When the bus says delivery stopped (Redis went away) it reads the stored parts every
 * STREAM_PART_POLL_MS instead, and when delivery is back it catches up from the store once more, so a
 * part published during the outage is never lost.
 */
export async function subscribeStreamParts({ actor, conversationId, afterSeq }: SubscribeStreamPartsOptions): Promise<AsyncIterableIterator<ChatStreamPart>> {
  await requireOwnConversation(actor, conversationId)
  const { events, log } = getAppContext()
  const queue: ChatStreamPart[] = []
  let wake: (() => void) | undefined
  let closed = false
  let lastSeq = afterSeq ?? (await newestSeq(conversationId))
  // While catching up from the store, live parts wait here so the order holds.
  let catchingUp = 0
  const held: ChatStreamPart[] = []
  let pollTimer: NodeJS.Timeout | undefined

  const push = (part: ChatStreamPart) => {
    if (part.seq <= lastSeq) return
    lastSeq = part.seq
    queue.push(part)
    wake?.()
  }
  const catchUp = async () => {
    catchingUp++
    try {
      for (const part of await readStreamParts(conversationId, lastSeq)) push(part)
    } finally {
      catchingUp--
      if (catchingUp === 0) for (const part of held.splice(0).sort((x, y) => x.seq - y.seq)) push(part)
    }
  }
  const poll = () => {
    if (closed || pollTimer) return
    pollTimer = setTimeout(async () => {
      pollTimer = undefined
      if (closed || events.isLive()) return
      await catchUp().catch((error: unknown) => log.warn({ err: error, conversationId }, 'could not read stream parts'))
      poll()
    }, STREAM_PART_POLL_MS)
  }

  const unsubscribe = await events.subscribe(
    conversationTopic(conversationId),
    (message) => {
      const part = message as ChatStreamPart
      if (catchingUp) held.push(part)
      else push(part)
    },
    {
      onStatus(live) {
        if (!live) return poll()
        void catchUp().catch((error: unknown) => log.warn({ err: error, conversationId }, 'could not read stream parts'))
      },
    },
  )
  try {
    await catchUp()
  } catch (error) {
    await unsubscribe()
    throw error
  }
  if (!events.isLive()) poll()

  const finish = async () => {
    if (closed) return
    closed = true
    clearTimeout(pollTimer)
    wake?.()
    await unsubscribe()
  }
  const iterator: AsyncIterableIterator<ChatStreamPart> = {
    async next() {
      while (!closed) {
        const part = queue.shift()
        if (part) return { value: part, done: false }
        await new Promise<void>((resolve) => (wake = resolve))
        wake = undefined
      }
      return { value: undefined, done: true }
    },
    async return() {
      await finish()
      return { value: undefined, done: true }
    },
    async throw(error) {
      await finish()
      throw error
    },
    [Symbol.asyncIterator]() {
      return iterator
    },
  }
  return iterator
}

async function newestSeq(conversationId: string): Promise<number> {
  const [row] = await getAppContext()
    .db.select({ seq: max(streamParts.seq) })
    .from(streamParts)
    .where(eq(streamParts.conversationId, conversationId))
  return Number(row?.seq ?? 0)
}
