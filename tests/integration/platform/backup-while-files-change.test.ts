import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBackup } from '../../../server/backup/create-backup'
import type { BlobStore } from '../../../server/storage/blobs/blob-store'
import { createDiskBlobStore } from '../../../server/storage/blobs/disk-blob-store'
import { signUpAndVerify, userIdOf } from '../portal/support/accounts'
import type { HttpClient } from '../portal/support/http-client'
import { startPortalServer, type PortalServer } from '../portal/support/portal-server'
import { PDF_BYTES, tusUpload } from '../portal/support/tus-upload'
import { backupWorkDir, readArchivedRows, sha256 } from './support/backup-round-trip'

/**
 * A backup copies files after its database snapshot. These tests make a user's change land exactly
 * there, through the store the backup reads from: the change is a real request to the running server
 * (a delete, an upload replacing the file), made when the backup opens that file.
 */
describe('a backup while users change files', { timeout: 180_000 }, () => {
  const work = backupWorkDir('backup-race-')
  let portal: PortalServer
  let alice: HttpClient
  let aliceId: string
  let connectionString: string
  let disk: BlobStore
  let n = 0
  const pdf = (text: string) => Buffer.concat([PDF_BYTES, Buffer.from(`% ${text}\n`)])
  const upload = async (filename: string, bytes: Buffer) => {
    const result = await tusUpload(alice, bytes, { filename, kind: 'user-box' })
    expect(result.status, result.body).toBe(204)
    return result.path!
  }
  /** The disk store, with `action` run once, just before the backup opens `key`. */
  const storeRacing = (key: string, action: () => Promise<void>, times = 1): BlobStore => ({
    ...disk,
    async open(opened) {
      if (opened === key && times-- > 0) await action()
      return disk.open(opened)
    },
  })
  const backUp = (store: BlobStore, report: string[]) => {
    const output = path.join(work, `backup-${++n}.tar.gz`)
    return createBackup({ connectionString, databaseKind: 'embedded', store, dataDir: portal.dataDir, output, report: (line) => report.push(line) })
  }

  beforeAll(async () => {
    portal = await startPortalServer()
    alice = await signUpAndVerify(portal, 'alice@example.test')
    aliceId = await userIdOf(alice)
    const { port, password } = JSON.parse(readFileSync(path.join(portal.dataDir, 'postgres.json'), 'utf8')) as { port: number; password: string }
    connectionString = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/app`
    disk = createDiskBlobStore(path.join(portal.dataDir, 'files'))
  })
  afterAll(async () => {
    await portal?.close()
    rmSync(work, { recursive: true, force: true })
  })

  it('a file deleted after the snapshot is in neither the archive nor its database rows: the backup starts again from a new snapshot', async () => {
    await upload('a-kept.pdf', pdf('kept'))
    const victim = await upload('m-deleted.pdf', pdf('deleted'))
    const report: string[] = []
    const { path: archive, manifest } = await backUp(
      storeRacing(victim, async () => {
        const deleted = await alice.gql('mutation($p: String!) { deleteFile(path: $p) }', { p: victim })
        expect(deleted.errors).toBeUndefined()
      }),
      report,
    )
    expect(report).toEqual([`1 stored file(s) changed while they were copied (${victim}): starting again from a new snapshot.`])
    const rows = await readArchivedRows(archive, manifest, 'stored_file')
    expect(rows.map((r) => r.path)).toEqual([`user-box/${aliceId}/a-kept.pdf`])
    expect(manifest.files.map((f) => f.path)).toEqual([`user-box/${aliceId}/a-kept.pdf`])
    expect(manifest.missingFiles).toEqual([])
  })

  it('a file replaced after the snapshot is archived in the version its database row describes', async () => {
    const replaced = await upload('r-replaced.pdf', pdf('first version'))
    const second = pdf('second version, which is longer than the first')
    const report: string[] = []
    const { path: archive, manifest } = await backUp(
      storeRacing(replaced, async () => {
        await upload('r-replaced.pdf', second)
      }),
      report,
    )
    expect(report).toEqual([`1 stored file(s) changed while they were copied (${replaced}): starting again from a new snapshot.`])
    const row = (await readArchivedRows(archive, manifest, 'stored_file')).find((r) => r.path === replaced)!
    const file = manifest.files.find((f) => f.path === replaced)!
    expect(file).toMatchObject({ size: second.length, sha256: sha256(second) })
    expect(row.size).toBe(String(second.length))
  })

  it('gives up after three snapshots when the files keep changing, and leaves no archive behind', async () => {
    const busy = await upload('b-busy.pdf', pdf('busy 0'))
    let version = 0
    const report: string[] = []
    const before = readdirSync(work)
    await expect(backUp(storeRacing(busy, () => upload('b-busy.pdf', pdf(`busy ${++version}`)).then(() => {}), 3), report)).rejects.toThrow(
      `Stored files kept changing while they were copied (${busy}), 3 times: no archive was written. Try again at a quieter time.`,
    )
    expect(report).toHaveLength(2)
    expect(readdirSync(work)).toEqual(before)
  })

  it('a file the storage has lost is named as missing, never listed as held', async () => {
    const lost = await upload('z-lost.pdf', pdf('lost'))
    rmSync(path.join(portal.dataDir, 'files', lost))
    const report: string[] = []
    const { path: archive, manifest } = await backUp(disk, report)
    expect(report).toEqual([`${lost}: listed in the database but missing from the file storage; the archive cannot hold it (named under missingFiles in the manifest).`])
    expect(manifest.missingFiles).toEqual([lost])
    expect(manifest.files.map((f) => f.path)).not.toContain(lost)
    // The database keeps its row, as the live site does: the archive is what the site was.
    expect((await readArchivedRows(archive, manifest, 'stored_file')).map((r) => r.path)).toContain(lost)
    expect(existsSync(archive)).toBe(true)
  })
})
