import { rmSync } from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { contactMessages } from '../../../lib/contact-schema'
import { setAppContext } from '../../../server/context/app-context'
import { openDatabase, type OpenDatabase } from '../../../server/db/open-database'
import { contacts, outbox } from '../../../server/db/schema'
import { parseEnv } from '../../../server/core/env'
import { createInProcessEventBus } from '../../../server/events/event-bus'
import { createLogger } from '../../../server/core/logger'
import { CONTACT_RATE_LIMIT, createContact } from '../../../server/services/contacts/create-contact'
import { newDataDir } from '../../setup/data-dir'

const valid = { name: 'Ada Lovelace', email: 'ada@example.co.uk', message: 'Please quote for an FEA check of a lifting beam.' }

describe('createContact', () => {
  let dataDir: string
  let database: OpenDatabase

  beforeAll(async () => {
    dataDir = await newDataDir('contact-')
    const log = createLogger('silent')
    database = await openDatabase({ dataDir, log })
    setAppContext({ env: parseEnv({ DATA_DIR: dataDir }), log, db: database.db, database, events: createInProcessEventBus(), services: {}, startedAt: new Date(), lifecycle: { draining: false } })
  })
  afterAll(async () => {
    setAppContext(undefined)
    await database?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })
  beforeEach(async () => {
    await database.db.execute(sql`TRUNCATE contact, outbox, rate_limit`)
  })

  it('stores the message and queues one contact notification with it', async () => {
    const created = await createContact({ input: { ...valid, name: '  Ada Lovelace ' }, clientIp: '203.0.113.1' })
    expect(created).toMatchObject({ name: 'Ada Lovelace', email: valid.email, message: valid.message })
    const rows = await database.db.select().from(contacts)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.id).toBe(created.id)
    const queued = await database.db.select().from(outbox).where(eq(outbox.kind, 'contact'))
    expect(queued).toHaveLength(1)
    expect(queued[0]).toMatchObject({ channel: 'notification', status: 'pending' })
    expect(queued[0]!.payload).toMatchObject({ id: created.id, name: 'Ada Lovelace', email: valid.email })
  })

  it('rejects a message that breaks the form rules, with the form messages, and stores nothing', async () => {
    const error = await createContact({ input: { name: 'Al', email: 'ada@example', message: '<script>' } }).catch((e: unknown) => e)
    expect(error).toMatchObject({
      name: 'AppError',
      code: 'BAD_REQUEST',
      fieldErrors: { name: [contactMessages.nameInvalid], email: [contactMessages.emailMalformed], message: [contactMessages.messageCharacters] },
    })
    expect(await database.db.select().from(contacts)).toHaveLength(0)
  })

  it(`allows ${CONTACT_RATE_LIMIT.limit} messages per address per window, then refuses without storing`, async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT.limit; i++) await createContact({ input: valid, clientIp: '203.0.113.2' })
    const error = await createContact({ input: valid, clientIp: '203.0.113.2' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'AppError', code: 'TOO_MANY_REQUESTS' })
    const retryAfter = (error as { retryAfterSeconds: number }).retryAfterSeconds
    expect(retryAfter).toBeGreaterThan(CONTACT_RATE_LIMIT.windowMs / 1000 - 60)
    expect(retryAfter).toBeLessThanOrEqual(CONTACT_RATE_LIMIT.windowMs / 1000)
    expect(await database.db.select().from(contacts)).toHaveLength(CONTACT_RATE_LIMIT.limit)
    // Another address is not affected.
    await expect(createContact({ input: valid, clientIp: '203.0.113.3' })).resolves.toMatchObject({ name: valid.name })
  })

  it('keeps the message and its notification together: if the notification cannot be queued, nothing is stored', async () => {
    await database.db.execute(sql`ALTER TABLE outbox RENAME TO outbox_unavailable`)
    try {
      await expect(createContact({ input: valid })).rejects.toThrow()
    } finally {
      await database.db.execute(sql`ALTER TABLE outbox_unavailable RENAME TO outbox`)
    }
    expect(await database.db.select().from(contacts)).toHaveLength(0)
  })
})
