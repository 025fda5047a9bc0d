import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyAllMigrations } from '../../../server/backup/apply-migrations'
import { databaseBeforeMigration } from './support/database-before-migration'
import type { ScratchDatabase } from './support/scratch-database'

/**
 * Moving to client companies, on a database shaped as the site's was before it: clients with and
 * without a profile, a company name and a logo, jobs with quotes, messages and read markers, a
 * deleted job's tombstone, and an admin. Each account becomes the owner of a company of its own,
 * which keeps its name and logo; its jobs and tombstones belong to that company; nothing else moves.
 */
describe('the migration to client companies', () => {
  let scratch: ScratchDatabase
  let client: pg.Client
  const ids = { ada: randomUUID(), ben: randomUUID(), cy: randomUUID(), admin: randomUUID() }
  const jobs = { adaFirst: randomUUID(), adaSecond: randomUUID(), ben: randomUUID() }
  const deletedJob = randomUUID()

  beforeAll(async () => {
    ;({ scratch, client } = await databaseBeforeMigration('companies-and-members'))
    const user = (id: string, email: string, groups: string[] = []) =>
      client.query('INSERT INTO "user" (id, name, email, email_verified, groups, created_at) VALUES ($1, $2, $3, true, $4, now() - interval \'30 days\')', [id, email.split('@')[0], email, groups])
    await user(ids.ada, 'ada@example.test')
    await user(ids.ben, 'ben@example.test')
    await user(ids.cy, 'cy@example.test')
    await user(ids.admin, 'boss@example.test', ['Admins'])
    await client.query(`INSERT INTO profile (user_id, given_name, company_name, profile_picture_url, postal_address) VALUES ($1, 'Ada', 'Lovelace Engines Ltd', '/files/profile-pictures/' || $1 || '/logo.png', '1,Analytical Road,Leeds,West Yorkshire,LS1 1AA')`, [ids.ada])
    await client.query(`INSERT INTO profile (user_id, given_name) VALUES ($1, 'Ben')`, [ids.ben])
    const job = (id: string, owner: string, title: string, status: string) =>
      client.query(`INSERT INTO job_request (id, "user", job, status, priority, files, membership) VALUES ($1, $2, $3, $4, '3', '[]', 'true')`, [id, owner, title, status])
    await job(jobs.adaFirst, ids.ada, 'Bracket FEA', 'quoted')
    await job(jobs.adaSecond, ids.ada, 'Duct CFD', 'pending')
    await job(jobs.ben, ids.ben, 'Frame CAD', 'pending')
    await client.query(
      `INSERT INTO job_quote (job_id, lines, vat_basis_points, subtotal_pence, vat_pence, total_pence, valid_until, created_by) VALUES ($1, '[]', 2000, 10000, 2000, 12000, '2999-01-01', $2)`,
      [jobs.adaFirst, ids.admin],
    )
    await client.query(`INSERT INTO job_message (job_id, author_id, author_side, body) VALUES ($1, $2, 'client', 'Drawings attached')`, [jobs.adaFirst, ids.ada])
    await client.query(`INSERT INTO job_read (job_id, user_id) VALUES ($1, $2)`, [jobs.adaFirst, ids.ada])
    await client.query(`INSERT INTO job_tombstone (job_id, title, user_id, deleted_by_side) VALUES ($1, 'Withdrawn', $2, 'client')`, [deletedJob, ids.ben])
    await client.query(`INSERT INTO stored_file (path, size, e_tag, uploaded_by) VALUES ('job-files/' || $1 || '/drawing.pdf', 10, 'e', $2)`, [jobs.adaFirst, ids.ada])
    await applyAllMigrations(client)
  })

  afterAll(async () => {
    await client?.end()
    await scratch?.drop()
  })

  const membership = async (userId: string) => (await client.query<{ company_id: string; role: string }>('SELECT company_id, role FROM company_member WHERE user_id = $1', [userId])).rows

  it('makes each account the owner of a company of its own, named and with the logo its profile had', async () => {
    for (const id of Object.values(ids)) expect(await membership(id)).toEqual([{ company_id: expect.any(String), role: 'owner' }])
    const companies = new Set(await Promise.all(Object.values(ids).map(async (id) => (await membership(id))[0]!.company_id)))
    expect(companies.size).toBe(4)
    const ada = (await membership(ids.ada))[0]!.company_id
    const { rows } = await client.query('SELECT name, logo_url FROM company WHERE id = $1', [ada])
    expect(rows).toEqual([{ name: 'Lovelace Engines Ltd', logo_url: `/files/profile-pictures/${ids.ada}/logo.png` }])
    const ben = (await membership(ids.ben))[0]!.company_id
    expect((await client.query('SELECT name, logo_url FROM company WHERE id = $1', [ben])).rows).toEqual([{ name: null, logo_url: null }])
    // The person's own details stay on their profile; the company's moved off it.
    const columns = (await client.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = 'profile'`)).rows.map((r) => r.column_name)
    expect(columns).toContain('postal_address')
    expect(columns).not.toContain('company_name')
    expect(columns).not.toContain('profile_picture_url')
  })

  it('gives each job and tombstone to its client’s company, and keeps everything the jobs hold', async () => {
    const ada = (await membership(ids.ada))[0]!.company_id
    const ben = (await membership(ids.ben))[0]!.company_id
    const byJob = Object.fromEntries((await client.query<{ id: string; company_id: string; user: string }>('SELECT id, company_id, "user" FROM job_request')).rows.map((r) => [r.id, r]))
    expect(byJob[jobs.adaFirst]).toMatchObject({ company_id: ada, user: ids.ada })
    expect(byJob[jobs.adaSecond]).toMatchObject({ company_id: ada, user: ids.ada })
    expect(byJob[jobs.ben]).toMatchObject({ company_id: ben, user: ids.ben })
    expect((await client.query('SELECT company_id FROM job_tombstone WHERE job_id = $1', [deletedJob])).rows).toEqual([{ company_id: ben }])
    expect((await client.query('SELECT count(*)::int AS n FROM job_quote')).rows[0].n).toBe(1)
    expect((await client.query('SELECT count(*)::int AS n FROM job_message')).rows[0].n).toBe(1)
    expect((await client.query('SELECT count(*)::int AS n FROM job_read')).rows[0].n).toBe(1)
    expect((await client.query('SELECT count(*)::int AS n FROM stored_file')).rows[0].n).toBe(1)
    // A job cannot be without a company from now on.
    const orphan = await client.query(`INSERT INTO job_request ("user", job) VALUES ($1, 'x')`, [ids.cy]).catch((e: { code?: string }) => e)
    expect((orphan as { code?: string }).code).toBe('23502')
  })

  it('gives an account made afterwards a company of its own, by any path', async () => {
    const id = randomUUID()
    await client.query('INSERT INTO "user" (id, name, email, email_verified) VALUES ($1, $2, $3, true)', [id, 'dee', 'dee@example.test'])
    expect(await membership(id)).toEqual([{ company_id: expect.any(String), role: 'owner' }])
  })
})
