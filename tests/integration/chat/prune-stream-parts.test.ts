import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Actor } from '../../../server/auth/actor'
import { streamParts } from '../../../server/db/schema'
import { createOrGetConversation } from '../../../server/services/chat/create-or-get-conversation'
import { listMessages } from '../../../server/services/chat/list-messages'
import { listStreamParts } from '../../../server/services/chat/list-stream-parts'
import { STREAM_PART_RETENTION_MS, pruneStreamParts } from '../../../server/services/chat/prune-stream-parts'
import { sendMessage } from '../../../server/services/chat/send-message'
import { startChatTestServer, waitFor, type ChatTestServer } from './support/chat-test-server'

describe('pruning stored answer parts', () => {
  let t: ChatTestServer
  let actor: Actor
  beforeAll(async () => {
    t = await startChatTestServer()
    actor = await t.createUser('pruning@example.com')
  })
  afterAll(async () => {
    await t?.close()
  })

  async function answered(conversationId: string, content: string) {
    const sent = await sendMessage({ actor, input: { conversationId, content: [{ text: content }] } })
    await waitFor(async () => {
      const parts = await t.server.ctx.db.select().from(streamParts).where(eq(streamParts.associatedUserMessageId, sent.id))
      return parts.some((p) => p.stopReason) ? true : undefined
    })
    return sent
  }

  it('deletes the parts past the retention and keeps recent ones and every saved message', async () => {
    const conversation = await createOrGetConversation({ actor })
    const old = await answered(conversation.id, 'How much is FEA analysis per hour?')
    // The first answer was produced two days ago.
    await t.server.ctx.db.execute(sql`UPDATE ${streamParts} SET created_at = now() - interval '2 days' WHERE associated_user_message_id = ${old.id}`)
    const recent = await answered(conversation.id, 'Where is your office?')
    const before = await listStreamParts({ actor, conversationId: conversation.id })

    const deleted = await pruneStreamParts()

    const after = await listStreamParts({ actor, conversationId: conversation.id })
    expect(deleted).toBeGreaterThan(0)
    expect(after.length).toBe(before.length - deleted)
    const remaining = await t.server.ctx.db.select().from(streamParts).where(eq(streamParts.conversationId, conversation.id))
    expect(remaining.every((p) => p.associatedUserMessageId === recent.id)).toBe(true)
    // The conversation still reads whole: both questions and both answers.
    const messages = await waitFor(async () => {
      const listed = await listMessages({ actor, conversationId: conversation.id })
      return listed.items.length === 4 ? listed.items : undefined
    })
    expect(messages.map((m) => m.role).sort()).toEqual(['assistant', 'assistant', 'user', 'user'])
    // A client opening the window now starts after the last stored part.
    expect((await createOrGetConversation({ actor, id: conversation.id })).lastStreamSeq).toBe(Math.max(...remaining.map((p) => p.seq)))
  })

  it('keeps parts younger than the retention', async () => {
    const conversation = await createOrGetConversation({ actor })
    await answered(conversation.id, 'Do you run training courses?')
    const count = async () => (await t.server.ctx.db.select().from(streamParts).where(eq(streamParts.conversationId, conversation.id))).length
    const before = await count()
    expect(await pruneStreamParts({ now: new Date(Date.now() + STREAM_PART_RETENTION_MS - 60_000) })).toBe(0)
    expect(await count()).toBe(before)
    // Once they are old enough, they go too.
    expect(await pruneStreamParts({ now: new Date(Date.now() + STREAM_PART_RETENTION_MS + 60_000) })).toBe(before)
    expect(await count()).toBe(0)
  })
})
