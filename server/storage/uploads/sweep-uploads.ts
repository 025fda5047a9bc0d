import { and, inArray, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/open-database'
import { uploads } from '../../db/schema'
import type { Logger } from '../../core/logger'
import type { BlobStore } from '../blobs/blob-store'
import type { S3BlobStore } from '../blobs/s3-blob-store'
import { finishUpload } from './finish-upload'
import { toPartialRow, type UploadStore } from './upload-store'

/** An upload nobody has touched for this long is abandoned: its bytes and its record are removed. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000
/** A complete upload whose finishing step has been idle this long is finished by the sweeper. */
const UNFINISHED_AFTER_MS = 60 * 1000

export interface SweepUploadsOptions {
  db: Database
  store: UploadStore
  blobs: BlobStore
  log: Logger
  quotaBytes: number
  /** Also look for partial bytes that have no record (a listing of the folder or bucket: not every run). */
  includeOrphans?: boolean
  abandonedAfterMs?: number
  unfinishedAfterMs?: number
}

export interface SweepReport {
  finished: number
  removed: number
}

/**
 * Keeps the upload area clean on every instance, safely concurrently:
 * - a complete upload whose client never came back (the server died after the last byte) is finished,
 *   so the file appears without anyone asking;
 * - an upload idle for a day is abandoned: its partial bytes (file or bucket objects) and its record
 *   are removed; a stored or refused upload's record goes too;
 * - partial bytes with no record at all (a crash between the two writes) are removed after a day, and
 *   so are a bucket's multipart uploads that were never completed (a crash while storing a file over
 *   5 GiB, the only files stored in parts).
 */
export async function sweepUploads({ db, store, blobs, log, quotaBytes, includeOrphans = true, abandonedAfterMs = ABANDONED_AFTER_MS, unfinishedAfterMs = UNFINISHED_AFTER_MS }: SweepUploadsOptions): Promise<SweepReport> {
  const report: SweepReport = { finished: 0, removed: 0 }
  const idleSince = (ms: number) => sql`now() - ${sql.raw(`interval '${Math.ceil(ms)} milliseconds'`)}`

  const waiting = await db
    .select()
    .from(uploads)
    .where(and(inArray(uploads.state, ['receiving', 'finishing']), lt(uploads.updatedAt, idleSince(unfinishedAfterMs)), sql`(${uploads.finishUntil} IS NULL OR ${uploads.finishUntil} < now())`))
    .limit(100)
  for (const row of waiting) {
    if ((await store.partials.received(toPartialRow(row))) < row.size && row.state !== 'finishing') continue
    try {
      await finishUpload({ db, store, blobs, log, quotaBytes, id: row.id })
      report.finished++
    } catch (error) {
      const name = (error as Error).name
      if (name !== 'UploadBusyError' && name !== 'UploadIncompleteError' && name !== 'UploadRefusedError') log.warn({ err: error, upload: row.id }, 'could not finish an upload')
    }
  }

  const stale = await db
    .delete(uploads)
    .where(and(lt(uploads.updatedAt, idleSince(abandonedAfterMs)), sql`(${uploads.lockUntil} IS NULL OR ${uploads.lockUntil} < now())`, sql`(${uploads.finishUntil} IS NULL OR ${uploads.finishUntil} < now())`))
    .returning()
  for (const row of stale) {
    if (row.state !== 'stored') await store.partials.remove(toPartialRow(row)).catch((error: unknown) => log.warn({ err: error, upload: row.id }, 'could not remove an abandoned upload'))
    report.removed++
  }

  for (const id of includeOrphans ? await store.partials.listIds(abandonedAfterMs) : []) {
    if (await store.find(id)) continue
    await store.partials.remove({ id, received: 0, parts: [] }).catch(() => {})
    report.removed++
  }
  const s3 = blobs as Partial<S3BlobStore>
  if (includeOrphans && s3.abortStaleMultipartUploads) {
    report.removed += await s3.abortStaleMultipartUploads(abandonedAfterMs).catch((error: unknown) => {
      log.warn({ err: error }, 'could not abort stale multipart uploads')
      return 0
    })
  }
  if (report.finished || report.removed) log.info(report, 'uploads swept')
  return report
}
