import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmodSync, mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect } from 'vitest'
import pg from 'pg'
import { signUpAndVerify, userIdOf } from '../../portal/support/accounts'
import { HttpClient } from '../../portal/support/http-client'
import type { BackupManifest } from '../../../../server/backup/backup-manifest'
import { readBackupArchive } from '../../../../server/backup/read-backup-archive'
import type { BlobStore } from '../../../../server/storage/blobs/blob-store'
import type { PortalServer } from '../../portal/support/portal-server'
import { PDF_BYTES, PNG_1PX, tusUpload } from '../../portal/support/tus-upload'

const root = path.resolve(import.meta.dirname, '../../../..')

/**
 * A temporary directory for a backup test's DATA_DIRs and archives. Run as root, PostgreSQL runs as
 * another user, which must reach the DATA_DIRs made inside: the directory is readable by all.
 */
export function backupWorkDir(prefix: string): string {
  const work = mkdtempSync(path.join(os.tmpdir(), prefix))
  chmodSync(work, 0o755)
  return work
}

export const sha256 = (data: Buffer | Uint8Array) => createHash('sha256').update(data).digest('hex')

export interface PopulatedInstance {
  alice: HttpClient
  aliceId: string
  bob: HttpClient
  admin: HttpClient
  jobId: string
  conversationId: string
  /** Each stored file's path and the SHA-256 of the bytes uploaded. */
  files: Map<string, string>
}

/** A long name with accented letters, as clients name their drawings (Latin-1: the upload answers its path in a header). */
const LONG_NAME = `Überdruck-Analyse - Gehäuse Ø 120 mm, Strömungsfeld und Spannungen bei Nennlast (Revision 3, geprüft) ${'x'.repeat(30)}.pdf`

/**
 * Fills a running site the way its users do: three accounts (one admin), a profile, job requests, a
 * chat with the assistant's answer, a contact message, and files in every storage area.
 */
export async function populateInstance(portal: PortalServer, adminEmail: string): Promise<PopulatedInstance> {
  const alice = await signUpAndVerify(portal, 'alice@example.test')
  const bob = await signUpAndVerify(portal, 'bob@example.test')
  const admin = await signUpAndVerify(portal, adminEmail)
  const aliceId = await userIdOf(alice)

  const profile = await alice.gql('mutation($i: ProfileInput!) { updateProfile(input: $i) { userId } }', {
    i: { given_name: 'Alice', family_name: 'Ånström', custom_companyName: 'Flow & Form Ltd', phone_number: '+441234567890' },
  })
  expect(profile.errors).toBeUndefined()

  const job = await alice.gql<{ createJobRequests: { id: string } }>(
    'mutation { createJobRequests(input: { job: "CFD", reference: "FF-001", instructions: "Pressure drop across the manifold at 3 flow rates.", priority: "2", files: "[]" }) { id } }',
  )
  expect(job.errors).toBeUndefined()
  const jobId = job.data!.createJobRequests.id
  expect((await bob.gql('mutation { createJobRequests(input: { job: "FEA", instructions: "Bracket, 2 load cases", files: "[]" }) { id } }')).errors).toBeUndefined()

  const files = new Map<string, string>()
  const upload = async (client: HttpClient, bytes: Buffer, meta: Record<string, string>) => {
    const result = await tusUpload(client, bytes, meta)
    expect(result.status, result.body).toBe(204)
    files.set(result.path!, sha256(bytes))
  }
  await upload(alice, PDF_BYTES, { filename: 'brief.pdf', kind: 'user-box' })
  await upload(alice, Buffer.concat([PDF_BYTES, Buffer.from('% appendix\n'.repeat(40_000))]), { filename: LONG_NAME, kind: 'user-box' })
  await upload(alice, PNG_1PX, { filename: 'me.png', kind: 'profile-pictures' })
  await upload(alice, Buffer.concat([PDF_BYTES, Buffer.from('% section\n')]), { filename: 'section.pdf', kind: 'job-files', jobRequestId: jobId })
  await upload(new HttpClient(portal.url), PNG_1PX, { filename: 'site-photo.png', kind: 'picture-submissions' })
  await upload(admin, Buffer.from('id,load\n1,200\n2,450\n'), { filename: 'loads.csv', kind: 'user-box', ownerId: aliceId })

  const conversation = await alice.gql<{ createOrGetChatConversation: { id: string } }>('mutation { createOrGetChatConversation(name: "Quote") { id } }')
  const conversationId = conversation.data!.createOrGetChatConversation.id
  const sent = await alice.gql('mutation($input: SendChatMessageInput!) { sendChatMessage(input: $input) { id } }', {
    input: { conversationId, content: [{ text: 'How much does an FEA study cost?' }] },
  })
  expect(sent.errors).toBeUndefined()
  await waitUntil('the assistant answered', async () => {
    const page = await alice.gql<{ chatMessages: { items: { role: string }[] } }>('query($id: ID!) { chatMessages(conversationId: $id) { items { role } } }', { id: conversationId })
    return page.data?.chatMessages.items.map((m) => m.role).join() === 'user,assistant'
  })

  const contact = await new HttpClient(portal.url).gql('mutation { createContact(input: { name: "Grace", email: "grace@example.test", message: "Do you run OpenFOAM courses on site?" }) { id } }')
  expect(contact.errors).toBeUndefined()
  return { alice, aliceId, bob, admin, jobId, conversationId, files }
}

/** Waits until nothing is left for the outbox worker, so the database stays as it is. */
export async function waitForQuiet(client: pg.Client) {
  await waitUntil('the outbox is drained', async () => (await client.query(`SELECT count(*)::int AS n FROM outbox WHERE status = 'pending'`)).rows[0].n === 0)
}

/** Polls `check` (also outside a test, where expect.poll cannot run) for up to 30 s. */
async function waitUntil(what: string, check: () => Promise<boolean>) {
  const deadline = Date.now() + 30_000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Every row of every table of the site (and drizzle's migration records), as JSON, in a stable order. */
export async function readAllTables(client: pg.Client): Promise<Record<string, string[]>> {
  const { rows: tables } = await client.query<{ schema: string; name: string }>(
    `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname IN ('public', 'drizzle') AND c.relkind = 'r' ORDER BY 1, 2`,
  )
  const all: Record<string, string[]> = {}
  for (const { schema, name } of tables) {
    const { rows } = await client.query<{ row: string }>(`SELECT to_jsonb(t)::text AS row FROM "${schema}"."${name}" t ORDER BY 1`)
    all[`${schema}.${name}`] = rows.map((r) => r.row)
  }
  return all
}

/** readAllTables over a connection opened for it alone, which it closes. */
export async function readAllTablesThenClose(client: pg.Client): Promise<Record<string, string[]>> {
  try {
    return await readAllTables(client)
  } finally {
    await client.end()
  }
}

export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
}

/** `npm run <script> -- <args>` from `cwd`, as an operator types it there. */
export function runNpm(script: 'backup' | 'restore', args: string[], options: { cwd: string; env: Record<string, string | undefined> }): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['--prefix', root, 'run', '--silent', script, '--', ...args], {
      cwd: options.cwd,
      env: Object.fromEntries(Object.entries({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...options.env }).filter(([, v]) => v !== undefined)),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()))
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

/** The archive named in `npm run backup`'s output. */
export function archiveWritten(result: CliResult): string {
  const match = /^Backup written to (.+\.tar\.gz) \(/m.exec(result.stdout)
  if (!match) throw new Error(`no archive in the output:\n${result.stdout}\n${result.stderr}`)
  return match[1]!
}

/** The SHA-256 of every file a store holds, by path. */
export async function hashStoredFiles(store: BlobStore): Promise<Map<string, string>> {
  const hashes = new Map<string, string>()
  for await (const key of store.list()) {
    const body = await store.get(key)
    const hash = createHash('sha256')
    for await (const chunk of body!) hash.update(chunk as Buffer)
    hashes.set(key, hash.digest('hex'))
  }
  return new Map([...hashes].sort(([a], [b]) => a.localeCompare(b)))
}

/** The rows of one table as an archive holds them (column name to PostgreSQL's text of the value). */
export async function readArchivedRows(archive: string, manifest: BackupManifest, table: string): Promise<Array<Record<string, string | null>>> {
  const entry = manifest.database.tables.find((t) => t.name === table)!
  const chunks = new Set(entry.chunks.map((c) => c.entry))
  const rows: Array<Record<string, string | null>> = []
  await readBackupArchive(archive, async ({ name, body }) => {
    if (!chunks.has(name)) return
    const parts: Buffer[] = []
    for await (const part of body) parts.push(part)
    for (const line of Buffer.concat(parts).toString('utf8').split('\n').filter(Boolean)) {
      const values = JSON.parse(line) as Array<string | null>
      rows.push(Object.fromEntries(entry.columns.map((column, i) => [column, values[i]!])))
    }
  })
  return rows
}
