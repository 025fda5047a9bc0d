import type { Readable } from 'node:stream'
import { DataStore, ERRORS, Upload } from '@tus/utils'
import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/open-database'
import { uploads } from '../../db/schema'
import type { PartialBytes, PartialRow } from './partial-bytes'

export type UploadRow = typeof uploads.$inferSelect
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
/** Runs in the transaction that writes a new upload's row; a throw refuses the upload (nothing is kept). */
export type OnUploadCreated = (tx: Transaction, upload: Upload) => Promise<void>

/**
 * The tus data store: each upload's record in PostgreSQL (table `upload`) and its bytes in a
 * PartialBytes (disk or S3). Every instance sees every upload, so a client may send its requests to
 * any of them. Expiry is by inactivity, not by age (server/storage/uploads/sweep-uploads.ts), so tus's
 * own creation-date expiry extension is not declared.
 */
export class UploadStore extends DataStore {
  constructor(
    private readonly db: Database,
    readonly partials: PartialBytes,
    private readonly onCreated?: OnUploadCreated,
  ) {
    super()
    this.extensions = ['creation', 'creation-with-upload', 'termination']
  }

  async find(id: string): Promise<UploadRow | undefined> {
    const [row] = await this.db.select().from(uploads).where(eq(uploads.id, id)).limit(1)
    return row
  }

  async create(upload: Upload): Promise<Upload> {
    if (upload.size === undefined) throw ERRORS.INVALID_LENGTH
    await this.partials.create(upload.id)
    try {
      await this.db.transaction(async (tx) => {
        await tx.insert(uploads).values({ id: upload.id, size: upload.size!, metadata: upload.metadata ?? {} })
        await this.onCreated?.(tx, upload)
      })
    } catch (error) {
      await this.partials.remove({ id: upload.id, received: 0, parts: [] }).catch(() => {})
      throw error
    }
    upload.creation_date ??= new Date().toISOString()
    return upload
  }

  async write(stream: Readable, id: string, offset: number): Promise<number> {
    const row = await this.find(id)
    if (!row) throw ERRORS.FILE_NOT_FOUND
    if (row.state !== 'receiving') {
      // Every byte is in already: an empty PATCH at the end is a client asking again (it then learns
      // the outcome of the finishing step); anything more is a conflict.
      let extra = 0
      for await (const chunk of stream) extra += (chunk as Buffer).length
      if (extra > 0 || offset !== row.size) throw ERRORS.INVALID_OFFSET
      return offset
    }
    const next = await this.partials.write(toPartialRow(row), stream, offset)
    await this.db.update(uploads).set({ received: sql`greatest(${uploads.received}, ${next})`, updatedAt: new Date() }).where(eq(uploads.id, id))
    return next
  }

  async getUpload(id: string): Promise<Upload> {
    const row = await this.find(id)
    if (!row) throw ERRORS.FILE_NOT_FOUND
    return this.toUpload(row)
  }

  async toUpload(row: UploadRow): Promise<Upload> {
    const offset = row.state === 'stored' ? row.size : await this.partials.received(toPartialRow(row))
    return new Upload({ id: row.id, size: row.size, offset, metadata: row.metadata, creation_date: row.createdAt.toISOString() })
  }

  async remove(id: string): Promise<void> {
    const row = await this.find(id)
    if (!row) throw ERRORS.FILE_NOT_FOUND
    // A stored file is removed through the files service, never by ending its upload.
    if (row.state === 'stored' || row.state === 'finishing') throw ERRORS.INVALID_TERMINATION
    await this.partials.remove(toPartialRow(row))
    await this.db.delete(uploads).where(eq(uploads.id, id))
  }

  override async deleteExpired(): Promise<number> {
    return 0
  }

  override getExpiration(): number {
    return 0
  }
}

export function toPartialRow(row: Pick<UploadRow, 'id' | 'received' | 'parts'>): PartialRow {
  return { id: row.id, received: row.received, parts: row.parts }
}
