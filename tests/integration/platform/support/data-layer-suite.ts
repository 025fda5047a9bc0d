import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import type { AppContext } from '../../../../server/context/app-context'
import { companyIdOf } from '../../../setup/company-of'
import {
  accounts,
  apiTokens,
  auditLog,
  blogPosts,
  comments,
  contacts,
  conversations,
  jobRequests,
  messages,
  outbox,
  profiles,
  rateLimits,
  sessions,
  storedFiles,
  streamParts,
  users,
  verifications,
} from '../../../../server/db/schema'

/**
 * The data layer's guarantees, written once and run against the embedded PostgreSQL
 * (tests/integration/platform/data-layer.test.ts) and the system PostgreSQL (tests/external/platform-data-layer.test.ts).
 */
export function defineDataLayerTests(getCtx: () => AppContext) {
  const newUser = async (overrides: Partial<typeof users.$inferInsert> = {}) => {
    const id = randomUUID()
    const [user] = await getCtx().db.insert(users).values({ id, name: 'Test Client', email: `${id}@example.test`, ...overrides }).returning()
    return user!
  }

  it('has every table after the migrations', async () => {
    const { rows } = await getCtx().database.pool.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    )
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        'account',
        'api_token',
        'audit_log',
        'blog_image',
        'blog_post',
        'blog_post_slug',
        'blog_setting',
        'comment',
        'contact',
        'conversation',
        'job_request',
        'message',
        'outbox',
        'profile',
        'rate_limit',
        'session',
        'sign_in_delay',
        'stored_file',
        'stream_part',
        'user',
        'verification',
      ]),
    )
  })

  it('stores and reads back users with their sessions, accounts, verifications, profile and API tokens', async () => {
    const { db } = getCtx()
    const user = await newUser({ groups: ['Admins'] })
    expect(user).toMatchObject({ emailVerified: false, groups: ['Admins'] })
    expect(user.createdAt).toBeInstanceOf(Date)
    await db.insert(sessions).values({ id: randomUUID(), token: randomUUID(), userId: user.id, expiresAt: new Date(Date.now() + 3600_000), userAgent: 'test' })
    await db.insert(accounts).values({ id: randomUUID(), accountId: user.id, providerId: 'credential', userId: user.id, password: 'hash' })
    await db.insert(verifications).values({ id: randomUUID(), identifier: user.email, value: 'hashed-code', expiresAt: new Date(Date.now() + 600_000) })
    await db.insert(profiles).values({ userId: user.id, givenName: 'Ada', familyName: 'Lovelace', ethereumAddress: '0x' + 'a'.repeat(40) })
    await db.insert(apiTokens).values({ userId: user.id, name: 'CI', tokenHash: randomUUID() })

    expect(await db.select({ userAgent: sessions.userAgent }).from(sessions).where(eq(sessions.userId, user.id))).toEqual([{ userAgent: 'test' }])
    expect(await db.select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, user.id))).toEqual([{ providerId: 'credential' }])
    expect(await db.select({ value: verifications.value }).from(verifications).where(eq(verifications.identifier, user.email))).toEqual([{ value: 'hashed-code' }])
    expect(await db.select().from(profiles).where(eq(profiles.userId, user.id))).toEqual([
      expect.objectContaining({ givenName: 'Ada', familyName: 'Lovelace', phoneNumberVerified: false, ethereumAddress: '0x' + 'a'.repeat(40) }),
    ])
    expect(await db.select({ name: apiTokens.name }).from(apiTokens).where(eq(apiTokens.userId, user.id))).toEqual([{ name: 'CI' }])
  })

  it('refuses a second user with the same email', async () => {
    const user = await newUser()
    const error = await newUser({ email: user.email }).catch((e: unknown) => e as { cause?: { code?: string }; code?: string })
    expect(error).toBeDefined()
    expect((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code).toBe('23505')
  })

  it('stores blog posts with comments, contacts, stored files, audit entries, outbox rows and rate-limit counters', async () => {
    const { db } = getCtx()
    const [post] = await db.insert(blogPosts).values({ title: 'Meshing a bracket', slug: `meshing-a-bracket-${randomUUID()}`, category: 'FEA', content: 'Body' }).returning()
    await db.insert(comments).values({ blogPostId: post!.id, author: 'Reader', comment: 'Useful, thanks.' })
    expect(await db.select({ comment: comments.comment }).from(comments).where(eq(comments.blogPostId, post!.id))).toEqual([{ comment: 'Useful, thanks.' }])

    const email = `${randomUUID()}@example.test`
    await db.insert(contacts).values({ name: 'Visitor', email, message: 'Hello' })
    expect(await db.select({ message: contacts.message }).from(contacts).where(eq(contacts.email, email))).toEqual([{ message: 'Hello' }])

    const filePath = `users/${randomUUID()}/drawing.step`
    await db.insert(storedFiles).values({ path: filePath, size: 5 * 1024 ** 3, eTag: 'abc', contentType: 'model/step' })
    expect(await db.select({ size: storedFiles.size }).from(storedFiles).where(eq(storedFiles.path, filePath))).toEqual([{ size: 5 * 1024 ** 3 }])

    const actorId = randomUUID()
    await db.insert(auditLog).values({ actorId, action: 'impersonate', details: { reason: 'support' } })
    expect(await db.select({ details: auditLog.details }).from(auditLog).where(eq(auditLog.actorId, actorId))).toEqual([{ details: { reason: 'support' } }])

    const [row] = await db.insert(outbox).values({ channel: 'notification', kind: 'test-kind', payload: { n: 1, nested: { ok: true } } }).returning()
    expect(row).toMatchObject({ status: 'pending', attempts: 0, payload: { n: 1, nested: { ok: true } } })
    await db.delete(outbox).where(eq(outbox.id, row!.id))

    const key = `test:${randomUUID()}`
    await db.insert(rateLimits).values({ key, windowStart: new Date(), windowMs: 60_000, hits: 1 })
    expect(await db.select({ hits: rateLimits.hits }).from(rateLimits).where(eq(rateLimits.key, key))).toEqual([{ hits: 1 }])
  })

  it('stores a conversation with its messages and stream parts in order', async () => {
    const { db } = getCtx()
    const user = await newUser()
    const [conversation] = await db.insert(conversations).values({ owner: user.id, name: 'Quote', metadata: { model: 'site-knowledge' } }).returning()
    const [question] = await db
      .insert(messages)
      .values({ conversationId: conversation!.id, role: 'user', owner: user.id, content: [{ type: 'text', text: 'How much is FEA?' }] })
      .returning()
    for (let i = 0; i < 3; i++) {
      await db.insert(streamParts).values({ conversationId: conversation!.id, associatedUserMessageId: question!.id, contentBlockIndex: 0, contentBlockDeltaIndex: i, contentBlockText: `part ${i}` })
    }
    const parts = await db.select({ text: streamParts.contentBlockText, seq: streamParts.seq }).from(streamParts).where(eq(streamParts.conversationId, conversation!.id)).orderBy(streamParts.seq)
    expect(parts.map((p) => p.text)).toEqual(['part 0', 'part 1', 'part 2'])
    expect(typeof parts[0]!.seq).toBe('number')
    expect(await db.select({ content: messages.content }).from(messages).where(eq(messages.conversationId, conversation!.id))).toEqual([
      { content: [{ type: 'text', text: 'How much is FEA?' }] },
    ])
  })

  it('finds job requests by membership and user through their index', async () => {
    const { db, database } = getCtx()
    const membership = `m-${randomUUID()}`
    const owners = await db
      .insert(users)
      .values(Array.from({ length: 400 }, (_, i) => ({ id: `${membership}-user-${i}`, name: 'Client', email: `${membership}-${i}@example.test` })))
      .returning({ id: users.id })
    const companies = await Promise.all(owners.map((o) => companyIdOf(db, o.id)))
    const rows = Array.from({ length: 4000 }, (_, i) => ({ user: owners[i % 400]!.id, companyId: companies[i % 400]!, membership: i % 2 ? membership : `other-${i % 50}`, job: `Job ${i}`, status: 'submitted' }))
    for (let i = 0; i < rows.length; i += 1000) await db.insert(jobRequests).values(rows.slice(i, i + 1000))
    await db.execute(sql`ANALYZE job_request`)
    const found = await db
      .select({ job: jobRequests.job })
      .from(jobRequests)
      .where(sql`${jobRequests.membership} = ${membership} AND ${jobRequests.user} = ${owners[1]!.id}`)
    expect(found).toHaveLength(10)
    const plan = await database.pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT * FROM job_request WHERE membership = $1 AND "user" = $2`, [membership, owners[1]!.id])
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('job_request_membership_user_idx')
  })

  it('deletes what belongs to a user with the user, and comments with their post', async () => {
    const { db } = getCtx()
    const user = await newUser()
    await db.insert(sessions).values({ id: randomUUID(), token: randomUUID(), userId: user.id, expiresAt: new Date(Date.now() + 3600_000) })
    await db.insert(accounts).values({ id: randomUUID(), accountId: user.id, providerId: 'credential', userId: user.id })
    await db.insert(profiles).values({ userId: user.id, nickname: 'ada' })
    await db.insert(apiTokens).values({ userId: user.id, name: 'CI', tokenHash: randomUUID() })
    const [conversation] = await db.insert(conversations).values({ owner: user.id }).returning()
    const [message] = await db.insert(messages).values({ conversationId: conversation!.id, role: 'user', owner: user.id, content: [] }).returning()
    await db.insert(streamParts).values({ conversationId: conversation!.id, associatedUserMessageId: message!.id, contentBlockText: 'x' })

    await db.delete(users).where(eq(users.id, user.id))
    const count = async (table: string, column: string, value: string) =>
      (await getCtx().database.pool.query(`SELECT count(*)::int AS n FROM "${table}" WHERE "${column}" = $1`, [value])).rows[0].n as number
    expect(await count('session', 'user_id', user.id)).toBe(0)
    expect(await count('account', 'user_id', user.id)).toBe(0)
    expect(await count('profile', 'user_id', user.id)).toBe(0)
    expect(await count('api_token', 'user_id', user.id)).toBe(0)
    expect(await count('conversation', 'owner', user.id)).toBe(0)
    expect(await count('message', 'conversation_id', conversation!.id)).toBe(0)
    expect(await count('stream_part', 'conversation_id', conversation!.id)).toBe(0)

    const [post] = await db.insert(blogPosts).values({ title: 'Temporary', slug: `temporary-${randomUUID()}` }).returning()
    await db.insert(comments).values({ blogPostId: post!.id, comment: 'gone soon' })
    await db.delete(blogPosts).where(eq(blogPosts.id, post!.id))
    expect(await count('comment', 'blog_post_id', post!.id)).toBe(0)
  })

  it('refuses rows that point at nothing', async () => {
    const { db } = getCtx()
    const error = await db
      .insert(sessions)
      .values({ id: randomUUID(), token: randomUUID(), userId: 'no-such-user', expiresAt: new Date() })
      .catch((e: unknown) => e as { cause?: { code?: string } })
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('23503')
    // A job and its thread belong to real accounts too.
    const job = await db
      .insert(jobRequests)
      .values({ user: 'no-such-user', companyId: randomUUID(), job: 'Orphan', status: 'pending' })
      .catch((e: unknown) => e as { cause?: { code?: string } })
    expect((job as { cause?: { code?: string } }).cause?.code).toBe('23503')
  })

  it('keeps an account while it has jobs, and forgets only its read markers and its name on moves', async () => {
    const { db, database } = getCtx()
    const client = await newUser()
    const [job] = await db.insert(jobRequests).values({ user: client.id, companyId: await companyIdOf(db, client.id), job: 'Kept', status: 'pending' }).returning()
    const refused = await db
      .delete(users)
      .where(eq(users.id, client.id))
      .catch((e: unknown) => e as { cause?: { code?: string } })
    // The key refuses it, the account stays while it has jobs (restrict_violation on newer PostgreSQL,
    // foreign_key_violation on older).
    expect(['23001', '23503']).toContain((refused as { cause?: { code?: string } }).cause?.code)
    const reader = await newUser()
    await database.pool.query('INSERT INTO job_read (job_id, user_id) VALUES ($1, $2)', [job!.id, reader.id])
    await database.pool.query(`INSERT INTO job_event (job_id, to_stage, actor_id, actor_side) VALUES ($1, 'pending', $2, 'consultancy')`, [job!.id, reader.id])
    await db.delete(users).where(eq(users.id, reader.id))
    expect((await database.pool.query('SELECT count(*)::int AS n FROM job_read WHERE job_id = $1', [job!.id])).rows[0].n).toBe(0)
    expect((await database.pool.query('SELECT actor_id FROM job_event WHERE job_id = $1', [job!.id])).rows).toEqual([{ actor_id: null }])
  })

  it('announces a change to an API token on actor_changed only when what the token stands for changes', async () => {
    const { db, database } = getCtx()
    const user = await newUser()
    const [token] = await db.insert(apiTokens).values({ userId: user.id, name: 'CI', tokenHash: randomUUID() }).returning()
    const listener = await database.pool.connect()
    const heard: string[] = []
    listener.on('notification', (n) => {
      if (n.channel === 'actor_changed') heard.push(n.payload ?? '')
    })
    await listener.query('LISTEN actor_changed')
    // Notifications arrive in commit order: a marker sent after a change says all of it has been heard.
    let markers = 0
    const heardAfter = async (change: () => Promise<unknown>) => {
      heard.length = 0
      await change()
      const marker = `marker-${++markers}`
      await database.pool.query(`SELECT pg_notify('actor_changed', $1)`, [marker])
      await expect.poll(() => heard.includes(marker)).toBe(true)
      return heard.filter((p) => p !== marker)
    }
    try {
      // Used by a script (at most once a minute) or renamed: nothing a cache holds changes.
      expect(await heardAfter(() => db.update(apiTokens).set({ lastUsedAt: new Date() }).where(eq(apiTokens.id, token!.id)))).toEqual([])
      expect(await heardAfter(() => db.update(apiTokens).set({ name: 'Nightly' }).where(eq(apiTokens.id, token!.id)))).toEqual([])
      expect(await heardAfter(() => db.update(apiTokens).set({ expiresAt: new Date() }).where(eq(apiTokens.id, token!.id)))).toEqual([user.id])
      expect(await heardAfter(() => db.delete(apiTokens).where(eq(apiTokens.id, token!.id)))).toEqual([user.id])
    } finally {
      await listener.query('UNLISTEN actor_changed')
      listener.release()
    }
  })
}
