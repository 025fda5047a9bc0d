import type { ChatStreamPart } from '../../../lib/chat-schema'
import { getAppContext } from '../../context'
import type { MaybeActor } from '../shared/authorize'
import { conversationTopic } from './chat-types'
import { readStreamParts } from './list-stream-parts'
import { requireOwnConversation } from './require-own-conversation'

export interface SubscribeStreamPartsOptions {
  actor: MaybeActor
  conversationId: string
  /** The last seq the client saw: stored parts after it are replayed first. Without it, only live parts. */
  afterSeq?: number | null
}

/**
 * The assistant's stream parts for one conversation, for its owner only. To resume without gaps or
 * duplicates it listens first, then replays the stored parts after `afterSeq`, then passes on the
 * live parts it has not already delivered (every part is stored before it is published).
 */
export async function subscribeStreamParts({ actor, conversationId, afterSeq }: SubscribeStreamPartsOptions): Promise<AsyncIterableIterator<ChatStreamPart>> {
  await requireOwnConversation(actor, conversationId)
  const { events } = getAppContext()
  const queue: ChatStreamPart[] = []
  let wake: (() => void) | undefined
  let closed = false
  let replaying = afterSeq != null
  const buffered: ChatStreamPart[] = []
  const delivered = new Set<number>()

  const push = (part: ChatStreamPart) => {
    if (delivered.has(part.seq)) return
    if (afterSeq != null && part.seq <= afterSeq) return
    delivered.add(part.seq)
    queue.push(part)
    wake?.()
  }
  const unsubscribe = await events.subscribe(conversationTopic(conversationId), (message) => {
    const part = message as ChatStreamPart
    if (replaying) buffered.push(part)
    else push(part)
  })
  if (afterSeq != null) {
    try {
      for (const part of await readStreamParts(conversationId, afterSeq)) push(part)
    } catch (error) {
      await unsubscribe()
      throw error
    }
    replaying = false
    for (const part of buffered.sort((x, y) => x.seq - y.seq)) push(part)
    buffered.length = 0
  }

  const finish = async () => {
    if (closed) return
    closed = true
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
