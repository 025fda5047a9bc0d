import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { sql } from 'drizzle-orm'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BlobStore } from '../../../server/storage/blobs/blob-store'
import { sweepUploads } from '../../../server/storage/uploads/sweep-uploads'
import type { UploadStore } from '../../../server/storage/uploads/upload-store'
import { signUpAndVerify, userIdOf } from './support/accounts'
import { HttpClient } from './support/http-client'
import { startPortalServer, type PortalServer } from './support/portal-server'
import { portalWithAccounts } from './support/portal-with-accounts'
import { encodeMetadata, PDF_BYTES, PNG_1PX, tusUpload } from './support/tus-upload'

const sha256 = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex')
const LIMIT = 4_000_000

/** Sends the first `sendBytes` of `body` as a PATCH, then drops the connection (a lost network). */
function patchAndDrop(url: string, cookie: string, body: Buffer, sendBytes: number): Promise<void> {
  return new Promise((resolve) => {
    const req = request(url, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(body.length),
        cookie,
        origin: new URL(url).origin,
      },
    })
    req.on('error', () => resolve())
    req.on('close', () => resolve())
    req.write(body.subarray(0, sendBytes), () => setTimeout(() => req.destroy(), 200))
  })
}

async function resumedUpload(portal: PortalServer, client: HttpClient, ownerId: string, body: Buffer) {
  const created = await client.fetch('/uploads', {
    method: 'POST',
    headers: { 'tus-resumable': '1.0.0', 'upload-length': String(body.length), 'upload-metadata': encodeMetadata({ filename: 'mesh.zip', kind: 'user-box', ownerId }) },
  })
  expect(created.status).toBe(201)
  const location = new URL(created.headers.get('location')!, portal.url).toString()
  await patchAndDrop(location, client.cookieHeader, body, 1_500_000)
  // Not listed while incomplete.
  const listed = await client.gql<{ files: { path: string }[] }>('query($p: String!) { files(prefix: $p) { path } }', { p: `user-box/${ownerId}/` })
  expect(listed.data!.files.map((f) => f.path)).not.toContain(`user-box/${ownerId}/mesh.zip`)
  let offset = 0
  for (let i = 0; i < 50; i++) {
    // The server may still be finishing the dropped request; HEAD is answered once its lock is released.
    const head = await client.fetch(new URL(location).pathname, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } })
    offset = Number(head.headers.get('upload-offset'))
    if (head.status === 200 && offset > 0) break
    await new Promise((r) => setTimeout(r, 100))
  }
  expect(offset).toBeGreaterThan(0)
  expect(offset).toBeLessThan(body.length)
  const rest = await client.fetch(new URL(location).pathname, {
    method: 'PATCH',
    headers: { 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(body.subarray(offset)),
  })
  expect(rest.status).toBe(204)
  expect(rest.headers.get('upload-path')).toBe(`user-box/${ownerId}/mesh.zip`)
  const download = await client.fetch(`/files/user-box/${ownerId}/mesh.zip`)
  expect(download.status).toBe(200)
  return Buffer.from(await download.arrayBuffer())
}

/** A zip archive's bytes (local file header signature) padded with random data. */
function zipLike(size: number) {
  const body = randomBytes(size)
  Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]).copy(body)
  return body
}

describe('uploads to local disk', () => {
  const { portal, accounts, ids } = portalWithAccounts({ UPLOAD_MAX_BYTES: String(LIMIT) }, { owner: 'uploader@example.test' })

  it('resumes after a dropped connection and stores a byte-identical file', async () => {
    const body = zipLike(3_500_000)
    const stored = await resumedUpload(portal, accounts.owner, ids.owner, body)
    expect(sha256(stored)).toBe(sha256(body))
    // The partial upload is gone once complete.
    expect(readdirSync(path.join(portal.dataDir, 'uploads')).filter((f) => !f.endsWith('.json'))).toEqual([])
  })

  it("attaches a file to its job request when the upload finishes, and detaches it when the file is deleted", async () => {
    const job = await accounts.owner.gql<{ createJobRequests: { id: string } }>('mutation { createJobRequests(input: { job: "CFD", files: "[]" }) { id } }')
    const jobId = job.data!.createJobRequests.id
    const filesOf = async () => JSON.parse((await accounts.owner.gql<{ getJobRequests: { files: string } }>('query($id: ID!) { getJobRequests(id: $id) { files } }', { id: jobId })).data!.getJobRequests.files) as string[]
    // No step after the upload: the browser could have closed as soon as the bytes arrived.
    const first = await tusUpload(accounts.owner, PDF_BYTES, { filename: 'plan.pdf', kind: 'job-files', jobRequestId: jobId })
    const second = await tusUpload(accounts.owner, PDF_BYTES, { filename: 'section.pdf', kind: 'job-files', jobRequestId: jobId })
    expect([first.status, second.status]).toEqual([204, 204])
    expect(await filesOf()).toEqual([`job-files/${jobId}/plan.pdf`, `job-files/${jobId}/section.pdf`])
    // The same file uploaded again is listed once.
    await tusUpload(accounts.owner, PDF_BYTES, { filename: 'plan.pdf', kind: 'job-files', jobRequestId: jobId })
    expect(await filesOf()).toEqual([`job-files/${jobId}/plan.pdf`, `job-files/${jobId}/section.pdf`])
    const deleted = await accounts.owner.gql('mutation($p: String!) { deleteFile(path: $p) }', { p: `job-files/${jobId}/plan.pdf` })
    expect(deleted.errors).toBeUndefined()
    expect(await filesOf()).toEqual([`job-files/${jobId}/section.pdf`])
  })

  it('refuses a file over UPLOAD_MAX_BYTES with a clear message', async () => {
    const res = await accounts.owner.fetch('/uploads', {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': String(LIMIT + 1), 'upload-metadata': encodeMetadata({ filename: 'big.zip', kind: 'user-box' }) },
    })
    expect(res.status).toBe(413)
    expect(await res.text()).toBe('File is too large (the limit is 4 MB)')
  })

  it('refuses content that does not match its type, and a type that is not allowed', async () => {
    const fake = await tusUpload(accounts.owner, Buffer.from('just some text, not a picture'), { filename: 'logo.png', filetype: 'image/png', kind: 'profile-pictures' })
    expect(fake.status).toBe(415)
    expect(fake.body).toBe('The file content does not match its type')
    const fakePdf = await tusUpload(accounts.owner, PNG_1PX, { filename: 'report.pdf', kind: 'user-box' })
    expect(fakePdf.status).toBe(415)
    expect(fakePdf.body).toBe('The file content does not match its type')
    const exe = await tusUpload(accounts.owner, Buffer.from('MZ....'), { filename: 'setup.exe', kind: 'user-box' })
    expect(exe.status).toBe(415)
    expect(exe.body).toBe('This file type is not allowed')
    const pdfAsLogo = await tusUpload(accounts.owner, PDF_BYTES, { filename: 'logo.pdf', kind: 'profile-pictures' })
    expect(pdfAsLogo.status).toBe(415)
    expect(pdfAsLogo.body).toBe('Only images can be uploaded here (JPEG, PNG, GIF or WebP)')
    const listed = await accounts.owner.gql<{ files: { path: string }[] }>('query($p: String!) { files(prefix: $p) { path } }', { p: `profile-pictures/${ids.owner}/` })
    expect(listed.data!.files).toEqual([])
  })

  it('neutralises path traversal in names and download paths', async () => {
    const up = await tusUpload(accounts.owner, PDF_BYTES, { filename: '../../../../etc/passwd.pdf', kind: 'user-box' })
    expect(up.status).toBe(204)
    expect(up.path).toBe(`user-box/${ids.owner}/passwd.pdf`)
    const sneaky = await tusUpload(accounts.owner, PDF_BYTES, { filename: 'x.pdf', kind: 'user-box', ownerId: '../user-box/someone' })
    expect(sneaky.status).toBe(400)
    for (const p of [`/files/user-box/${ids.owner}/..%2F..%2Fauth-secret`, '/files/user-box/..%2F..%2Fauth-secret', `/files/user-box/${ids.owner}/%2e%2e/x`]) {
      const res = await accounts.owner.fetch(p)
      expect([400, 403, 404]).toContain(res.status)
      expect(await res.text()).not.toContain('-----')
    }
    expect(existsSync(path.join(portal.dataDir, 'etc'))).toBe(false)
  })

  it('rate limits picture submissions per address (20 per 10 minutes)', async () => {
    const guest = new HttpClient(portal.url)
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) {
      const r = await tusUpload(guest, PNG_1PX, { filename: `pic${i}.png`, filetype: 'image/png', kind: 'picture-submissions' })
      statuses.push(r.status)
      if (r.status === 429) expect(r.body).toBe('Too many uploads. Please wait a minute and try again.')
    }
    expect(statuses.slice(0, 20).every((s) => s === 204)).toBe(true)
    expect(statuses[20]).toBe(429)
  })

  it('serves uploaded html as its source text, sandboxed and never sniffed', async () => {
    const html = Buffer.from('<!doctype html><script>document.cookie</script><p>preview</p>')
    const up = await tusUpload(accounts.owner, html, { filename: 'report.html', kind: 'user-box' })
    expect(up.status).toBe(204)
    const res = await accounts.owner.fetch(`/files/${up.path}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(/^inline/)
    const zip = await accounts.owner.fetch(`/files/user-box/${ids.owner}/mesh.zip`)
    expect(zip.headers.get('content-disposition')).toMatch(/^attachment/)
  })
})

describe('uploads to an S3-compatible bucket (s3rver on loopback)', () => {
  let portal: PortalServer
  let s3rver: S3rver
  let s3Dir: string
  let s3: S3Client
  let owner: HttpClient
  let ownerId: string
  beforeAll(async () => {
    s3Dir = mkdtempSync(path.join(os.tmpdir(), 's3rver-'))
    s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: 'portal-files', configs: [] }] })
    const { port } = await s3rver.run()
    const endpoint = `http://127.0.0.1:${port}`
    s3 = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } })
    portal = await startPortalServer({
      S3_BUCKET: 'portal-files',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    })
    owner = await signUpAndVerify(portal, 's3@example.test')
    ownerId = await userIdOf(owner)
  })
  afterAll(async () => {
    await portal?.close()
    s3?.destroy()
    await s3rver?.close()
    rmSync(s3Dir, { recursive: true, force: true })
  })

  it('resumes, stores the object in the bucket byte-identical (multipart above 16 MiB), and deletes it', async () => {
    const body = zipLike(18 * 1024 * 1024)
    const stored = await resumedUpload(portal, owner, ownerId, body)
    expect(sha256(stored)).toBe(sha256(body))
    const key = `user-box/${ownerId}/mesh.zip`
    const object = await s3.send(new GetObjectCommand({ Bucket: 'portal-files', Key: key }))
    expect(sha256(Buffer.from(await object.Body!.transformToByteArray()))).toBe(sha256(body))
    const deleted = await owner.gql('mutation($p: String!) { deleteFile(path: $p) }', { p: key })
    expect(deleted.errors).toBeUndefined()
    const left = await s3.send(new ListObjectsV2Command({ Bucket: 'portal-files', Prefix: `user-box/${ownerId}/` }))
    expect(left.KeyCount ?? 0).toBe(0)
  })

  it("deleting a job request empties its folder in the bucket", async () => {
    const jobId = (await owner.gql<{ createJobRequests: { id: string } }>('mutation { createJobRequests(input: { job: "CFD" }) { id } }')).data!.createJobRequests.id
    for (const filename of ['plan.pdf', 'section.pdf']) expect((await tusUpload(owner, PDF_BYTES, { filename, kind: 'job-files', jobRequestId: jobId })).status).toBe(204)
    const before = await s3.send(new ListObjectsV2Command({ Bucket: 'portal-files', Prefix: `job-files/${jobId}/` }))
    expect(before.KeyCount).toBe(2)
    expect((await owner.gql('mutation($id: ID!) { deleteJobRequests(input: { id: $id }) { id } }', { id: jobId })).errors).toBeUndefined()
    const after = await s3.send(new ListObjectsV2Command({ Bucket: 'portal-files', Prefix: `job-files/${jobId}/` }))
    expect(after.KeyCount ?? 0).toBe(0)
  })

  it('an abandoned upload is removed from the bucket too: its pieces and its record, and nothing else', async () => {
    const created = await owner.fetch('/uploads', {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': String(20 * 1024 * 1024), 'upload-metadata': encodeMetadata({ filename: 'left.zip', kind: 'user-box' }) },
    })
    const location = created.headers.get('location')!
    const id = location.split('/').pop()!
    await owner.fetch(location, {
      method: 'PATCH',
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(zipLike(9 * 1024 * 1024)),
    })
    const pieces = async () => (await s3.send(new ListObjectsV2Command({ Bucket: 'portal-files', Prefix: `.uploads/${id}/` }))).KeyCount ?? 0
    expect(await pieces()).toBe(2)
    const { ctx } = portal.server
    await ctx.db.execute(sql`UPDATE upload SET updated_at = now() - interval '25 hours' WHERE id = ${id}`)
    await sweepUploads({ db: ctx.db, store: ctx.services.uploadStore as UploadStore, blobs: ctx.services.storage as BlobStore, log: ctx.log, quotaBytes: ctx.env.STORAGE_QUOTA_BYTES })
    expect(await pieces()).toBe(0)
    expect((await ctx.db.execute(sql`SELECT 1 FROM upload WHERE id = ${id}`)).rows).toHaveLength(0)
    expect((await owner.fetch(location, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } })).status).toBe(404)
  })
})
