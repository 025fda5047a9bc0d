import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyBackup } from '../../../server/backup/verify-backup'
import { createDiskBlobStore } from '../../../server/storage/blobs/disk-blob-store'
import { startTestServer, type TestServer } from '../../setup/test-server'
import { HttpClient } from '../portal/support/http-client'
import { startPortalServer, type PortalServer } from '../portal/support/portal-server'
import { archiveWritten, backupWorkDir, hashStoredFiles, type PopulatedInstance, populateInstance, readAllTables, readAllTablesThenClose, runNpm, sha256, waitForQuiet } from './support/backup-round-trip'
import { connectToServerDatabase, isAlive, processesUsing } from './support/server-database'

const ADMIN = 'admin@example.test'

// The default deployment: the embedded PostgreSQL and files on disk, both under DATA_DIR.
describe('npm run backup and npm run restore on the embedded database with disk storage', { timeout: 300_000 }, () => {
  const work = backupWorkDir('backup-work-')
  const restoredDir = path.join(work, 'restored-data')
  let portal: PortalServer
  let site: PopulatedInstance
  let tablesBefore: Record<string, string[]>
  let filesBefore: Map<string, string>
  let archive: string
  const servers: TestServer[] = []

  beforeAll(async () => {
    portal = await startPortalServer({ ADMIN_EMAILS: ADMIN })
    site = await populateInstance(portal, ADMIN)
  })
  afterAll(async () => {
    for (const server of servers) await server.stop()
    await portal?.close()
    for (const pid of processesUsing(work)) if (isAlive(pid)) process.kill(pid, 'SIGQUIT')
    rmSync(work, { recursive: true, force: true })
  })

  it('writes one archive of the running server, named by the time, in the directory it is run from: every table and every stored file, with a manifest', async () => {
    const db = await connectToServerDatabase(portal.dataDir)
    try {
      await waitForQuiet(db)
      tablesBefore = await readAllTables(db)
    } finally {
      await db.end()
    }
    filesBefore = await hashStoredFiles(createDiskBlobStore(path.join(portal.dataDir, 'files')))
    // Every file uploaded, in every area, byte for byte.
    expect(filesBefore).toEqual(new Map([...site.files].sort(([a], [b]) => a.localeCompare(b))))
    expect(new Set([...filesBefore.keys()].map((p) => p.split('/')[0]))).toEqual(new Set(['user-box', 'profile-pictures', 'job-files', 'picture-submissions']))

    const result = await runNpm('backup', [], { cwd: work, env: { DATA_DIR: portal.dataDir } })
    expect(result.code, result.stderr).toBe(0)
    archive = archiveWritten(result)
    expect(path.dirname(archive)).toBe(work)
    expect(path.basename(archive)).toMatch(/^meshwork-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.tar\.gz$/)
    expect(result.stdout).toContain(`Backing up the embedded PostgreSQL of the running server (pid ${process.pid}) in ${portal.dataDir}`)
    expect(readdirSync(work)).toEqual([path.basename(archive)]) // no partial file left beside it
    // It holds password hashes and the session secret.
    expect(statSync(archive).mode & 0o777).toBe(0o600)

    const { manifest, authSecret } = await verifyBackup(archive)
    expect(manifest).toMatchObject({ format: 'meshwork-backup', formatVersion: 1, database: { kind: 'embedded' }, storage: { kind: 'disk' }, missingFiles: [] })
    expect(Date.parse(manifest.createdAt)).toBeGreaterThan(Date.now() - 120_000)
    const counts = Object.fromEntries(manifest.database.tables.map((t) => [`public.${t.name}`, t.rows]))
    const expectedCounts = Object.fromEntries(Object.entries(tablesBefore).filter(([name]) => name.startsWith('public.')).map(([name, rows]) => [name, rows.length]))
    expect(counts).toEqual(expectedCounts)
    expect(counts['public.user']).toBe(3)
    expect(counts['public.message']).toBe(2)
    expect(new Map(manifest.files.map((f) => [f.path, f.sha256]))).toEqual(filesBefore)
    expect(authSecret?.equals(readFileSync(path.join(portal.dataDir, 'auth-secret')))).toBe(true)
    // The server went on serving.
    expect((await fetch(`${portal.url}/healthz`)).status).toBe(200)
  })

  it('restores into a fresh DATA_DIR: every row and every file as they were, and the restored server serves them to a session from before the backup', async () => {
    const result = await runNpm('restore', [path.relative(work, archive)], { cwd: work, env: { DATA_DIR: restoredDir } })
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain(`Restored ${Object.values(tablesBefore).reduce((n, rows) => n + rows.length, 0) - tablesBefore['drizzle.__drizzle_migrations']!.length} rows`)
    expect(result.stdout).toContain('sessions from the time of the backup stay signed in')
    expect(existsSync(path.join(restoredDir, 'owner.lock'))).toBe(false)
    expect(statSync(path.join(restoredDir, 'auth-secret')).mode & 0o777).toBe(0o600)

    // The original server is stopped: the restored one stands in for it.
    const cookies = new Map(site.alice.cookies)
    await portal.close()
    const restored = await startTestServer({ dataDir: restoredDir })
    servers.push(restored)
    expect(await readAllTablesThenClose(await connectToServerDatabase(restoredDir))).toEqual(tablesBefore)
    expect(await hashStoredFiles(createDiskBlobStore(path.join(restoredDir, 'files')))).toEqual(filesBefore)

    const alice = new HttpClient(restored.url)
    for (const [name, value] of cookies) alice.cookies.set(name, value)
    const session = (await (await alice.fetch('/api/session')).json()) as { user: { id: string } | null }
    expect(session.user?.id).toBe(site.aliceId)
    const jobs = await alice.gql<{ listJobRequests: { id: string; reference: string; files: string }[] }>('{ listJobRequests { id reference files } }')
    expect(jobs.data!.listJobRequests).toEqual([{ id: site.jobId, reference: 'FF-001', files: JSON.stringify([`job-files/${site.jobId}/section.pdf`]) }])
    const chat = await alice.gql<{ chatMessages: { items: { role: string }[] } }>('query($id: ID!) { chatMessages(conversationId: $id) { items { role } } }', { id: site.conversationId })
    expect(chat.data!.chatMessages.items.map((m) => m.role)).toEqual(['user', 'assistant'])
    for (const [storagePath, hash] of filesBefore) {
      if (storagePath.startsWith('picture-submissions/')) continue // admins only
      const res = await alice.fetch(`/files/${storagePath.split('/').map(encodeURIComponent).join('/')}`)
      expect(res.status, storagePath).toBe(200)
      expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(hash)
    }
  })

  it('refuses to restore while a server runs on the DATA_DIR, and over a target that is not empty unless told to with --force', async () => {
    const running = servers.at(-1)!
    const whileRunning = await runNpm('restore', [archive], { cwd: work, env: { DATA_DIR: restoredDir } })
    expect(whileRunning.code).toBe(75)
    expect(whileRunning.stderr).toContain(`DATA_DIR ${restoredDir} is in use by a running server (pid ${running.process.pid}, since `)
    expect(whileRunning.stderr).toContain('Stop the server before restoring into its DATA_DIR.')
    expect((await fetch(`${running.url}/healthz`)).status).toBe(200)
    expect(await running.stop()).toBe(0)

    // Something written after the restore, which a forced restore replaces.
    const extra = path.join(restoredDir, 'files', 'user-box', site.aliceId, 'later.txt')
    writeFileSync(extra, 'written after the restore')
    const refused = await runNpm('restore', [archive], { cwd: work, env: { DATA_DIR: restoredDir } })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('Refusing to restore over what is there:')
    expect(refused.stderr).toMatch(new RegExp(`- the embedded PostgreSQL in ${restoredDir} is not empty \\(\\d+ tables\\)`))
    expect(refused.stderr).toContain(`- ${path.join(restoredDir, 'files')} holds files`)
    expect(refused.stderr).toContain('or run again with --force to replace all of it.')
    expect(existsSync(extra)).toBe(true)

    const forced = await runNpm('restore', [archive, '--force'], { cwd: work, env: { DATA_DIR: restoredDir } })
    expect(forced.code, forced.stderr).toBe(0)
    expect(existsSync(extra)).toBe(false)
    expect(await hashStoredFiles(createDiskBlobStore(path.join(restoredDir, 'files')))).toEqual(filesBefore)
    const again = await startTestServer({ dataDir: restoredDir })
    servers.push(again)
    expect(await readAllTablesThenClose(await connectToServerDatabase(restoredDir))).toEqual(tablesBefore)
    expect(await again.stop()).toBe(0)
  })

  it('backs up a stopped site by starting its embedded database for the while, and says when a DATA_DIR holds none', async () => {
    const result = await runNpm('backup', ['stopped.tar.gz'], { cwd: work, env: { DATA_DIR: restoredDir } })
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain(`Backing up the embedded PostgreSQL in ${restoredDir} and the files in ${path.join(restoredDir, 'files')} ...`)
    expect(archiveWritten(result)).toBe(path.join(work, 'stopped.tar.gz'))
    // Nothing left running or locked behind it.
    expect(processesUsing(restoredDir)).toEqual([])
    expect(existsSync(path.join(restoredDir, 'owner.lock'))).toBe(false)
    const { manifest } = await verifyBackup(path.join(work, 'stopped.tar.gz'))
    expect(Object.fromEntries(manifest.database.tables.map((t) => [`public.${t.name}`, t.rows]))).toEqual(
      Object.fromEntries(Object.entries(tablesBefore).filter(([name]) => name.startsWith('public.')).map(([name, rows]) => [name, rows.length])),
    )
    expect(new Map(manifest.files.map((f) => [f.path, f.sha256]))).toEqual(filesBefore)

    const again = await runNpm('backup', ['stopped.tar.gz'], { cwd: work, env: { DATA_DIR: restoredDir } })
    expect(again.code).toBe(1)
    expect(again.stderr).toContain(`${path.join(work, 'stopped.tar.gz')} already exists`)

    const empty = path.join(work, 'never-used')
    const none = await runNpm('backup', [], { cwd: work, env: { DATA_DIR: empty } })
    expect(none.code).toBe(1)
    expect(none.stderr).toContain(`The backup failed: DATA_DIR ${empty} holds no database yet: there is nothing to back up.`)
  })

  it('refuses a damaged or cut-short archive before it touches the target', async () => {
    const damagedDir = path.join(work, 'damaged')
    mkdirSync(damagedDir)
    const bytes = readFileSync(archive)
    const flipped = Buffer.from(bytes)
    flipped[Math.floor(bytes.length / 2)] ^= 0x55
    writeFileSync(path.join(damagedDir, 'flipped.tar.gz'), flipped)
    writeFileSync(path.join(damagedDir, 'short.tar.gz'), bytes.subarray(0, Math.floor(bytes.length * 0.8)))

    for (const name of ['flipped.tar.gz', 'short.tar.gz']) {
      const target = path.join(damagedDir, `target-${name}`)
      const result = await runNpm('restore', [name], { cwd: damagedDir, env: { DATA_DIR: target } })
      expect(result.code, name).toBe(1)
      expect(result.stderr).toMatch(/The restore failed: .*(is not a backup archive, or is damaged or incomplete|does not match its manifest)/)
      expect(existsSync(target), name).toBe(false)
    }
  })
})
