import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSessionUser, type SessionUser } from '../integration/chat/support/auth-session'
import { gql, readStream, wsClient } from '../integration/chat/support/graphql-clients'
import { createScratchDatabase, SYSTEM_REDIS_URL, type ScratchDatabase } from '../integration/platform/support/scratch-database'
import { startTestServer, type TestServer } from '../setup/test-server'

// Two instances behind a (notional) load balancer: the answer is produced by the instance that took
// the message and reaches a subscriber connected to the other one through Redis.
describe('chat stream across two instances on PostgreSQL and Redis', () => {
  let scratch: ScratchDatabase
  let db: pg.Pool
  let one: TestServer
  let two: TestServer
  let user: SessionUser

  beforeAll(async () => {
    scratch = await createScratchDatabase()
    // Instances share the session secret, as they must behind one load balancer.
    const env = { DATABASE_URL: scratch.url, REDIS_URL: SYSTEM_REDIS_URL, AUTH_SECRET: 'chat-fanout-test-secret-0123456789abcdef' }
    ;[one, two] = await Promise.all([startTestServer({ env }), startTestServer({ env })])
    db = new pg.Pool({ connectionString: scratch.url })
    user = await createSessionUser(one.url, (text, params) => db.query(text, params), `chat-fanout-${Date.now()}@example.com`)
  })
  afterAll(async () => {
    for (const server of [one, two]) {
      await server?.stop()
      server?.cleanup()
    }
    await db?.end()
    await scratch?.drop()
  })

  it('delivers every part, in order, to a subscriber on the other instance', async () => {
    const created = await gql<{ createOrGetChatConversation: { id: string; lastStreamSeq: number } }>(one.url, user.cookie, 'mutation { createOrGetChatConversation { id lastStreamSeq } }')
    const { id, lastStreamSeq } = created.data!.createOrGetChatConversation
    const client = wsClient(two.url, user.cookie)
    try {
      const stream = readStream(client, id, lastStreamSeq)
      await stream.waitFor((p) => p.id === 'start_ack')
      const sent = await gql<{ sendChatMessage: { id: string } }>(one.url, user.cookie, 'mutation ($input: SendChatMessageInput!) { sendChatMessage(input: $input) { id } }', {
        input: { conversationId: id, content: [{ text: 'Where is your office?' }] },
      })
      expect(sent.errors).toBeUndefined()
      const parts = (await stream.waitFor((p) => !!p.stopReason)).filter((p) => p.id !== 'start_ack')
      const stored = await db.query<{ seq: string }>('SELECT seq FROM stream_part WHERE associated_user_message_id = $1 ORDER BY seq', [sent.data!.sendChatMessage.id])
      expect(parts.map((p) => p.seq)).toEqual(stored.rows.map((r) => Number(r.seq)))
      expect(parts.map((p) => p.contentBlockText ?? '').join('')).toContain('Hebden Bridge')
    } finally {
      await client.dispose()
    }
  })
})
