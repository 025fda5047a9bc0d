import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { PassThrough, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/open-database'
import type { UploadPart } from '../../db/schema'

/** What an upload's row says about its bytes (the parts of an S3 partial). */
export interface PartialRow {
  id: string
  received: number
  parts: UploadPart[]
}

/**
 * Where the bytes of unfinished uploads wait: a file per upload under DATA_DIR/uploads (one instance,
 * the embedded default), or objects in the S3 bucket (several instances: any of them continues any
 * upload). Either way the upload's row in PostgreSQL says which upload it is.
 */
export interface PartialBytes {
  kind: 'disk' | 's3'
  create(id: string): Promise<void>
  /** Appends the stream's bytes at `offset`; returns the new offset (bytes kept, also on a broken stream). */
  write(row: PartialRow, stream: Readable, offset: number): Promise<number>
  /** Bytes kept so far. */
  received(row: PartialRow): Promise<number>
  /** The first `bytes` bytes (for the content check). */
  head(row: PartialRow, bytes: number): Promise<Buffer>
  /** The whole content, in order. */
  read(row: PartialRow): Readable
  /** The local file holding it, when there is one (a finished file is then renamed, not copied). */
  localPath(row: PartialRow): string | null
  remove(row: PartialRow): Promise<void>
  /** Ids of partials that are older than `olderThanMs` (to clean up those without a row). */
  listIds(olderThanMs: number): Promise<string[]>
}

const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/

function checkId(id: string): string {
  if (!SAFE_ID.test(id)) throw new Error('Invalid upload id')
  return id
}

/** One file per upload, written in place at its offset; created 0600 in a 0700 folder. */
export function createDiskPartials(directory: string): PartialBytes {
  const fileOf = (id: string) => path.join(directory, checkId(id))
  const ready = mkdir(directory, { recursive: true, mode: 0o700 })
  return {
    kind: 'disk',
    async create(id) {
      await ready
      const handle = await open(fileOf(id), 'w', 0o600)
      await handle.close()
    },
    async write(row, stream, offset) {
      const file = fileOf(row.id)
      const out = createWriteStream(file, { flags: 'r+', start: offset, mode: 0o600 })
      try {
        await pipeline(stream, out)
      } catch (error) {
        // A broken connection keeps what reached the file: the client resumes from there.
        const kept = (await stat(file)).size
        if (kept <= offset) throw error
        return kept
      }
      return (await stat(file)).size
    },
    async received(row) {
      try {
        return (await stat(fileOf(row.id))).size
      } catch {
        return 0
      }
    },
    async head(row, bytes) {
      const handle = await open(fileOf(row.id), 'r')
      try {
        const buffer = Buffer.alloc(bytes)
        const { bytesRead } = await handle.read(buffer, 0, bytes, 0)
        return buffer.subarray(0, bytesRead)
      } finally {
        await handle.close()
      }
    },
    read: (row) => createReadStream(fileOf(row.id)),
    localPath: (row) => fileOf(row.id),
    async remove(row) {
      // The .json beside it is the record of the file store this one replaced.
      await Promise.all([rm(fileOf(row.id), { force: true }), rm(`${fileOf(row.id)}.json`, { force: true })])
    },
    async listIds(olderThanMs) {
      await ready
      const ids = new Set<string>()
      for (const name of await readdir(directory)) {
        const id = name.replace(/\.json$/, '')
        if (!SAFE_ID.test(id)) continue
        const info = await stat(path.join(directory, name)).catch(() => null)
        if (info && Date.now() - info.mtimeMs > olderThanMs) ids.add(id)
      }
      return [...ids]
    },
  }
}

/** Pieces of up to this size go to the bucket as one object each (bounded memory per upload). */
const S3_PART_SIZE = 8 * 1024 * 1024
const PREFIX = '.uploads/'

/**
 * Objects `.uploads/{id}/{start offset}` in the bucket, recorded in the upload's row as they are
 * stored (the row is the truth: an object whose record is missing is overwritten when the client
 * sends those bytes again). Storage paths never start with a dot, so these keys meet no file.
 */
export function createS3Partials({ client, bucket, db }: { client: S3Client; bucket: string; db: Database }): PartialBytes {
  const keyOf = (id: string, start: number) => `${PREFIX}${checkId(id)}/${String(start).padStart(15, '0')}`
  const getObject = async (key: string, range?: string) => (await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: range }))).Body as Readable

  async function storePart(row: PartialRow, start: number, body: Buffer) {
    const key = keyOf(row.id, start)
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentLength: body.length }))
    const part: UploadPart = { start, length: body.length, key }
    // Recorded only if the upload still ends where this part starts: a part is never counted twice.
    const recorded = await db.execute(sql`
      UPDATE upload SET received = received + ${body.length}, parts = parts || ${JSON.stringify([part])}::jsonb, updated_at = now()
      WHERE id = ${row.id} AND received = ${start} RETURNING id`)
    if (!recorded.rows.length) throw new Error('The upload moved on while a part was stored')
  }

  return {
    kind: 's3',
    async create() {},
    async write(row, stream, offset) {
      let next = offset
      let buffered: Buffer[] = []
      let bufferedBytes = 0
      const flush = async () => {
        if (bufferedBytes === 0) return
        const body = Buffer.concat(buffered, bufferedBytes)
        buffered = []
        bufferedBytes = 0
        await storePart(row, next, body)
        next += body.length
      }
      let failure: unknown
      try {
        for await (const chunk of stream) {
          const buf = chunk as Buffer
          buffered.push(buf)
          bufferedBytes += buf.length
          if (bufferedBytes >= S3_PART_SIZE) await flush()
        }
      } catch (error) {
        failure = error
      }
      // A broken connection keeps what arrived: the client resumes from there.
      await flush()
      if (failure && next === offset) throw failure
      return next
    },
    async received(row) {
      return row.received
    },
    async head(row, bytes) {
      const first = row.parts[0]
      if (!first) return Buffer.alloc(0)
      const chunks: Buffer[] = []
      for await (const c of await getObject(first.key, `bytes=0-${Math.min(bytes, first.length) - 1}`)) chunks.push(c as Buffer)
      return Buffer.concat(chunks)
    },
    read(row) {
      const out = new PassThrough()
      void (async () => {
        try {
          for (const part of [...row.parts].sort((a, b) => a.start - b.start)) {
            for await (const c of await getObject(part.key)) if (!out.write(c)) await new Promise((r) => out.once('drain', r))
          }
          out.end()
        } catch (error) {
          out.destroy(error as Error)
        }
      })()
      return out
    },
    localPath: () => null,
    async remove(row) {
      const keys = new Set(row.parts.map((p) => p.key))
      // Objects stored but not recorded (a crash between the two) are found by listing.
      let token: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${PREFIX}${checkId(row.id)}/`, ContinuationToken: token }))
        for (const o of page.Contents ?? []) if (o.Key) keys.add(o.Key)
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
      for (const key of keys) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
    },
    async listIds(olderThanMs) {
      const ids = new Set<string>()
      let token: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: PREFIX, ContinuationToken: token }))
        for (const o of page.Contents ?? []) {
          const id = o.Key?.slice(PREFIX.length).split('/')[0]
          if (id && o.LastModified && Date.now() - o.LastModified.getTime() > olderThanMs) ids.add(id)
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
      return [...ids]
    },
  }
}
