import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { moment, createdAt, updatedAt, extensionKey } from './columns'

/** One stored piece of a partial upload in an S3 bucket (partials on disk are one file instead). */
export interface UploadPart {
  /** The byte offset of the part's first byte. */
  start: number
  length: number
  key: string
}

/**
 * A resumable upload (tus) from creation until its file is stored, shared by every instance: any
 * instance can continue, finish or clean up any upload.
 *
 * state: 'receiving' (bytes arriving), 'finishing' (all bytes in; checked and moved into the store by
 * the instance holding the finish lease), 'stored' (listed as `storage_path`), 'refused' (the content
 * check failed: `refusal` says why).
 */
export const uploads = pgTable(
  'upload',
  {
    id: text('id').primaryKey(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Bytes received and kept (for S3 partials; a partial on disk is measured on disk). */
    received: bigint('received', { mode: 'number' }).notNull().default(0),
    /** The tus metadata with the server's own fields (target path, owner, actor). */
    metadata: jsonb('metadata').$type<Record<string, string | null>>().notNull(),
    parts: jsonb('parts').$type<UploadPart[]>().notNull().default([]),
    state: text('state').notNull().default('receiving'),
    storagePath: text('storage_path'),
    refusal: text('refusal'),
    /** The request lock of tus (one request per upload at a time, across instances), as a lease. */
    lockOwner: text('lock_owner'),
    lockUntil: moment('lock_until'),
    /** Set by a request waiting for the lock: the holder lets go (tus asks the older request to end). */
    lockWanted: moment('lock_wanted'),
    /** The finishing step's lease: one instance checks and moves the bytes at a time. */
    finishOwner: text('finish_owner'),
    finishUntil: moment('finish_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('upload_state_updated_idx').on(t.state, t.updatedAt)],
)

/**
 * Space an upload holds in its client's storage quota from its creation (its declared length), so
 * that uploads running side by side count before their bytes arrive and no two creations can both
 * take the last room. It goes when the upload's file is recorded (the stored file counts from then
 * on), when the upload is refused, and with the upload's row (cancelled, or abandoned and swept).
 */
export const storageReservations = pgTable(
  'storage_reservation',
  {
    uploadId: extensionKey('upload_id', () => uploads.id),
    /** The client whose quota it is held in (the folder's owner, whoever uploads). */
    ownerId: text('owner_id').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('storage_reservation_owner_idx').on(t.ownerId)],
)
