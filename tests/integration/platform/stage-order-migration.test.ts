import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyAllMigrations } from '../../../server/backup/apply-migrations'
import { databaseBeforeMigration } from './support/database-before-migration'
import type { ScratchDatabase } from './support/scratch-database'

/**
 * Moving to releases the client accepts, on a database shaped as before: "completed" came before
 * "released" then, and a released job was done. A released job becomes completed (it has nothing left
 * to accept); a job marked completed but not released waits in review for its release; every other
 * job keeps its stage, and every date stays.
 */
describe('the migration to releases the client accepts', () => {
  let scratch: ScratchDatabase
  let client: pg.Client
  const owner = randomUUID()
  const jobs = { released: randomUUID(), completed: randomUUID(), inProgress: randomUUID(), cancelled: randomUUID() }

  beforeAll(async () => {
    ;({ scratch, client } = await databaseBeforeMigration('deliverable-revisions-and-decisions'))
    await client.query('INSERT INTO "user" (id, name, email, email_verified, created_at) VALUES ($1, $2, $3, true, now())', [owner, 'ada', 'ada-stages@example.test'])
    const company = (await client.query<{ company_id: string }>('SELECT company_id FROM company_member WHERE user_id = $1', [owner])).rows[0]!.company_id
    const job = (id: string, status: string, completedAt: string | null, releasedAt: string | null) =>
      client.query(`INSERT INTO job_request (id, "user", company_id, job, status, priority, files, membership, completed_at, released_at) VALUES ($1, $2, $3, $4, $5, '3', '[]', 'true', $6, $7)`, [id, owner, company, status, status, completedAt, releasedAt])
    await job(jobs.released, 'released', '2026-10-01', '2026-10-02')
    await job(jobs.completed, 'completed', '2026-11-01', null)
    await job(jobs.inProgress, 'in_progress', null, null)
    await job(jobs.cancelled, 'cancelled', null, null)
    await applyAllMigrations(client)
  })

  afterAll(async () => {
    await client?.end()
    await scratch?.drop()
  })

  it('completes the released jobs, puts the completed ones in review, and leaves the rest', async () => {
    const rows = (await client.query<{ id: string; status: string; completed_at: string | null; released_at: string | null }>('SELECT id, status, completed_at::text, released_at::text FROM job_request')).rows
    const stageOf = (id: string) => rows.find((r) => r.id === id)
    expect(stageOf(jobs.released)).toMatchObject({ status: 'completed', completed_at: '2026-10-01', released_at: '2026-10-02' })
    expect(stageOf(jobs.completed)).toMatchObject({ status: 'in_review', completed_at: '2026-11-01', released_at: null })
    expect(stageOf(jobs.inProgress)!.status).toBe('in_progress')
    expect(stageOf(jobs.cancelled)!.status).toBe('cancelled')
  })
})
