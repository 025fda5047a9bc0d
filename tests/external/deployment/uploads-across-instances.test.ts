import { createHash, randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import type pg from 'pg'
import { Upload } from 'tus-js-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STRONG_PASSWORD } from '../../integration/portal/support/accounts'
import { HttpClient } from '../../integration/portal/support/http-client'
import { encodeMetadata } from '../../integration/portal/support/tus-upload'
import { CLUSTER_BUCKET, startCluster, type Cluster } from './cluster'

const tus = { 'tus-resumable': '1.0.0' }
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
/** A zip signature first, so the content check accepts a .zip name. */
const zipOf = (size: number) => {
  const bytes = randomBytes(size)
  Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]).copy(bytes)
  return bytes
}

// Uploads in the grown-up deployment: partial uploads in the bucket, their record and lock in
// PostgreSQL, so no instance owns an upload and none loses one when it stops or dies.
describe('uploads across instances behind a load balancer', { timeout: 600_000 }, () => {
  let cluster: Cluster
  let db: pg.Pool
  let s3: S3Client
  let cookie: string
  let userId: string

  beforeAll(async () => {
    cluster = await startCluster()
    db = cluster.scratch.pool()
    s3 = new S3Client({ endpoint: cluster.env.S3_ENDPOINT, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } })
    const client = new HttpClient(cluster.lb.url)
    const email = `uploader-${Date.now()}@example.test`
    expect((await client.json('/api/auth/sign-up/email', { email, password: STRONG_PASSWORD, name: 'uploader' })).status).toBe(200)
    const otp = await cluster.smtp.waitForCode(email)
    expect((await client.json('/api/auth/email-otp/verify-email', { email, otp, password: STRONG_PASSWORD })).status).toBe(200)
    cookie = client.cookieHeader
    userId = ((await (await client.fetch('/api/session')).json()) as { user: { id: string } }).user.id
  })
  afterAll(async () => {
    s3?.destroy()
    await cluster?.close()
  })

  const headers = () => ({ ...tus, cookie, origin: cluster.lb.url })
  const storedSha = async (storagePath: string) => {
    const res = await s3.send(new GetObjectCommand({ Bucket: CLUSTER_BUCKET, Key: storagePath }))
    const hash = createHash('sha256')
    for await (const chunk of res.Body as Readable) hash.update(chunk as Buffer)
    return hash.digest('hex')
  }
  const isListed = async (storagePath: string) => (await db.query('SELECT 1 FROM stored_file WHERE path = $1', [storagePath])).rowCount === 1
  /** Starts an upload of `bytes` into the user's files on the instance at `url`; gives the upload's path. */
  const createUpload = async (url: string, bytes: Buffer, filename: string) => {
    const created = await fetch(`${url}/uploads`, {
      method: 'POST',
      headers: { ...headers(), 'upload-length': String(bytes.length), 'upload-metadata': encodeMetadata({ filename, kind: 'user-box' }) },
    })
    expect(created.status).toBe(201)
    return created.headers.get('location')!
  }
  const partialObjects = async (id: string) => (await s3.send(new ListObjectsV2Command({ Bucket: CLUSTER_BUCKET, Prefix: `.uploads/${id}/` }))).Contents ?? []

  it('an upload whose requests alternate between the instances is stored whole', async () => {
    const [one, two] = cluster.instances
    const bytes = zipOf(9 * 1024 * 1024)
    const location = await createUpload(one!.url, bytes, 'alternating.zip')
    const thirds = [0, 3, 6, 9].map((m) => m * 1024 * 1024)
    let last: Response | undefined
    for (let i = 0; i < 3; i++) {
      const target = (i % 2 === 0 ? two : one)!.url
      const head = await fetch(target + location, { method: 'HEAD', headers: headers() })
      expect(Number(head.headers.get('upload-offset'))).toBe(thirds[i])
      last = await fetch(target + location, {
        method: 'PATCH',
        headers: { ...headers(), 'upload-offset': String(thirds[i]), 'content-type': 'application/offset+octet-stream' },
        body: new Uint8Array(bytes.subarray(thirds[i], thirds[i + 1])),
      })
      expect(last.status).toBe(204)
    }
    const storagePath = `user-box/${userId}/alternating.zip`
    expect(last!.headers.get('upload-path')).toBe(storagePath)
    expect(await isListed(storagePath)).toBe(true)
    expect(await storedSha(storagePath)).toBe(sha256(bytes))
    // The partial's pieces are gone from the bucket once the file is stored.
    expect(await partialObjects(location.split('/').pop()!)).toEqual([])
  })

  it('kill -9 during the finishing step: the upload is finished on resume, listed, with the same SHA-256', async () => {
    const [one, two] = cluster.instances
    const bytes = zipOf(200 * 1024 * 1024)
    const location = await createUpload(one!.url, bytes, 'crash.zip')
    const id = location.split('/').pop()!
    // The last byte goes to the first instance, which dies while it moves the file into the bucket.
    const finalPatch = fetch(`${one!.url}${location}`, {
      method: 'PATCH',
      headers: { ...headers(), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes),
    }).catch((error: unknown) => error)
    await expect.poll(async () => (await db.query<{ state: string }>('SELECT state FROM upload WHERE id = $1', [id])).rows[0]?.state, { timeout: 120_000, interval: 20 }).toBe('finishing')
    await one!.server.kill('SIGKILL')
    expect(await finalPatch).toBeInstanceOf(Error)
    const storagePath = `user-box/${userId}/crash.zip`
    expect(await isListed(storagePath)).toBe(false)

    // The client asks again (on the other instance): never "complete" until the file is listed.
    let head: Response
    for (;;) {
      head = await fetch(`${two!.url}${location}`, { method: 'HEAD', headers: headers() })
      if (head.status !== 423) break
      expect(head.headers.get('upload-path')).toBeNull()
      await new Promise((r) => setTimeout(r, 500))
    }
    expect(head.status).toBe(200)
    expect(head.headers.get('upload-offset')).toBe(String(bytes.length))
    expect(head.headers.get('upload-path')).toBe(storagePath)
    expect(await isListed(storagePath)).toBe(true)
    expect(await storedSha(storagePath)).toBe(sha256(bytes))
    await cluster.restart(one!)
  })

  it('SIGTERM during ten concurrent uploads: none lost, none reported complete while missing', async () => {
    const files = Array.from({ length: 10 }, (_, i) => ({ name: `batch-${i}.zip`, bytes: zipOf(6 * 1024 * 1024 + i * 1000) }))
    const results = files.map(
      (file) =>
        new Promise<string>((resolve, reject) => {
          const upload = new Upload(file.bytes, {
            endpoint: `${cluster.lb.url}/uploads`,
            headers: { cookie, origin: cluster.lb.url },
            metadata: { filename: file.name, kind: 'user-box' },
            chunkSize: 1024 * 1024,
            retryDelays: [0, 200, 500, 1000, 2000, 3000, 5000, 5000, 5000, 5000],
            storeFingerprintForResuming: false,
            onSuccess: ({ lastResponse }) => resolve(lastResponse.getHeader('Upload-Path') ?? ''),
            onError: reject,
          })
          upload.start()
        }),
    )
    // While they run, one instance is stopped and started again, as a deploy does.
    await new Promise((r) => setTimeout(r, 600))
    const victim = cluster.instances[1]!
    expect(await victim.server.stop()).toBe(0)
    await cluster.restart(victim)
    const paths = await Promise.all(results)
    for (const [i, file] of files.entries()) {
      const storagePath = `user-box/${userId}/${file.name}`
      expect(paths[i]).toBe(storagePath)
      expect(await isListed(storagePath)).toBe(true)
      expect(await storedSha(storagePath)).toBe(sha256(file.bytes))
    }
  })
})
