import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { BlobStore } from '../../../server/storage/blobs/blob-store'
import { sweepUploads } from '../../../server/storage/uploads/sweep-uploads'
import type { UploadStore } from '../../../server/storage/uploads/upload-store'
import { portalWithAccounts } from './support/portal-with-accounts'
import { encodeMetadata } from './support/tus-upload'

const tus = { 'tus-resumable': '1.0.0' }
/** A zip signature first, so the content check accepts a .zip name. */
const zipOf = (size: number) => {
  const bytes = randomBytes(size)
  Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]).copy(bytes)
  return bytes
}
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/**
 * The last step of an upload (content check, move into the store, the row that lists it) is never
 * skipped and never reported before it happened: whatever cut it, the next request for the upload
 * or the sweeper finishes it, and a client hears "complete" only with the stored file's path.
 */
describe('an upload is never reported complete unless it is stored', () => {
  const { portal, accounts, ids } = portalWithAccounts({}, { client: 'finisher@example.test' })

  const create = async (name: string, size: number) => {
    const res = await accounts.client.fetch('/uploads', { method: 'POST', headers: { ...tus, 'upload-length': String(size), 'upload-metadata': encodeMetadata({ filename: name, kind: 'user-box' }) } })
    expect(res.status).toBe(201)
    const location = res.headers.get('location')!
    return { location, id: location.split('/').pop()! }
  }
  const listed = async () =>
    ((await portal.server.ctx.db.execute<{ path: string }>(sql`SELECT path FROM stored_file WHERE path LIKE ${`user-box/${ids.client}/%`}`)).rows).map((r) => r.path)
  const storedBytes = (storagePath: string) => readFileSync(path.join(portal.dataDir, 'files', storagePath))

  it('the server died after the last byte: the next HEAD finishes the upload and only then says complete', async () => {
    const bytes = zipOf(300_000)
    const { location, id } = await create('after-crash.zip', bytes.length)
    // Every byte reached the partial file, and the process died before the finishing step ran.
    writeFileSync(path.join(portal.dataDir, 'uploads', id), bytes)
    expect(await listed()).not.toContain(`user-box/${ids.client}/after-crash.zip`)

    const head = await accounts.client.fetch(location, { method: 'HEAD', headers: tus })
    expect(head.status).toBe(200)
    expect(head.headers.get('upload-offset')).toBe(String(bytes.length))
    expect(head.headers.get('upload-path')).toBe(`user-box/${ids.client}/after-crash.zip`)
    expect(await listed()).toContain(`user-box/${ids.client}/after-crash.zip`)
    expect(sha256(storedBytes(`user-box/${ids.client}/after-crash.zip`))).toBe(sha256(bytes))
    // Asked again, the same answer: finishing is done once.
    const again = await accounts.client.fetch(location, { method: 'HEAD', headers: tus })
    expect(again.headers.get('upload-path')).toBe(`user-box/${ids.client}/after-crash.zip`)
  })

  it('a PATCH of the last bytes answers with the stored path; a repeated final PATCH finishes nothing twice', async () => {
    const bytes = zipOf(200_000)
    const { location } = await create('patched.zip', bytes.length)
    const patch = await accounts.client.fetch(location, { method: 'PATCH', headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, body: new Uint8Array(bytes) })
    expect(patch.status).toBe(204)
    expect(patch.headers.get('upload-path')).toBe(`user-box/${ids.client}/patched.zip`)
    const empty = await accounts.client.fetch(location, { method: 'PATCH', headers: { ...tus, 'upload-offset': String(bytes.length), 'content-type': 'application/offset+octet-stream' }, body: new Uint8Array(0) })
    expect(empty.status).toBe(204)
    expect(empty.headers.get('upload-path')).toBe(`user-box/${ids.client}/patched.zip`)
    expect((await listed()).filter((p) => p.endsWith('/patched.zip'))).toHaveLength(1)
  })

  it('a file name beyond Latin-1 is stored and reported (percent-encoded in the header), not answered with a 500', async () => {
    const bytes = zipOf(20_000)
    const name = 'Wing – section ✓.zip'
    const { location } = await create(name, bytes.length)
    const patch = await accounts.client.fetch(location, { method: 'PATCH', headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, body: new Uint8Array(bytes) })
    expect(patch.status).toBe(204)
    expect(decodeURI(patch.headers.get('upload-path')!)).toBe(`user-box/${ids.client}/${name}`)
    expect(await listed()).toContain(`user-box/${ids.client}/${name}`)
  })

  it('a HEAD of a half-sent upload reports its offset and no stored path', async () => {
    const bytes = zipOf(100_000)
    const { location } = await create('half.zip', bytes.length)
    await accounts.client.fetch(location, { method: 'PATCH', headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, body: new Uint8Array(bytes.subarray(0, 40_000)) })
    const head = await accounts.client.fetch(location, { method: 'HEAD', headers: tus })
    expect(head.status).toBe(200)
    expect(head.headers.get('upload-offset')).toBe('40000')
    expect(head.headers.get('upload-path')).toBeNull()
  })

  it('a complete upload whose client never came back is finished by the sweeper', async () => {
    const bytes = zipOf(50_000)
    const { id } = await create('never-back.zip', bytes.length)
    writeFileSync(path.join(portal.dataDir, 'uploads', id), bytes)
    const { ctx } = portal.server
    const report = await sweepUploads({ db: ctx.db, store: ctx.services.uploadStore as UploadStore, blobs: ctx.services.storage as BlobStore, log: ctx.log, quotaBytes: ctx.env.STORAGE_QUOTA_BYTES, unfinishedAfterMs: 0 })
    expect(report.finished).toBeGreaterThanOrEqual(1)
    expect(await listed()).toContain(`user-box/${ids.client}/never-back.zip`)
    expect(sha256(storedBytes(`user-box/${ids.client}/never-back.zip`))).toBe(sha256(bytes))
  })

  it('an abandoned upload is removed with its bytes after a day of silence', async () => {
    const { location, id } = await create('abandoned.zip', 80_000)
    await accounts.client.fetch(location, { method: 'PATCH', headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, body: new Uint8Array(zipOf(10_000)) })
    const partial = path.join(portal.dataDir, 'uploads', id)
    expect(existsSync(partial)).toBe(true)
    const { ctx } = portal.server
    await ctx.db.execute(sql`UPDATE upload SET updated_at = now() - interval '25 hours' WHERE id = ${id}`)
    await sweepUploads({ db: ctx.db, store: ctx.services.uploadStore as UploadStore, blobs: ctx.services.storage as BlobStore, log: ctx.log, quotaBytes: ctx.env.STORAGE_QUOTA_BYTES })
    expect(existsSync(partial)).toBe(false)
    expect((await ctx.db.execute(sql`SELECT 1 FROM upload WHERE id = ${id}`)).rows).toHaveLength(0)
    expect((await accounts.client.fetch(location, { method: 'HEAD', headers: tus })).status).toBe(404)
    expect(readdirSync(path.join(portal.dataDir, 'uploads'))).not.toContain(id)
  })

  it('while the server shuts down it refuses new uploads (they start on another instance)', async () => {
    const { ctx } = portal.server
    ctx.lifecycle.draining = true
    try {
      const res = await accounts.client.fetch('/uploads', { method: 'POST', headers: { ...tus, 'upload-length': '10', 'upload-metadata': encodeMetadata({ filename: 'late.zip', kind: 'user-box' }) } })
      expect(res.status).toBe(503)
      expect(await res.text()).toBe('The server is restarting. Please try again in a moment.')
    } finally {
      ctx.lifecycle.draining = false
    }
  })
})
