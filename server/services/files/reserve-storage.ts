import { sql } from 'drizzle-orm'
import type { Database } from '../../db/open-database'
import { storageReservations } from '../../db/schema'
import { checkStorageQuota } from './check-storage-quota'

export interface ReserveStorageOptions {
  /** The client whose quota the upload counts against. */
  ownerId: string
  /** The upload that holds the space (its row is written in the same transaction). */
  uploadId: string
  /** Where the file will be stored: a file there now is replaced, so its size does not count. */
  path: string
  /** The upload's declared length. */
  bytes: number
  quotaBytes: number
}

/** Advisory locks of the quota: one per client (the second key), apart from every other lock. */
const QUOTA_LOCK_CLASS = 4_711

/**
 * Holds `bytes` of a client's quota for an upload from its creation, or refuses it (PAYLOAD_TOO_LARGE,
 * with the quota's words). Run it in the transaction that creates the upload: the client's quota is
 * locked until that transaction ends, so two creations at once are counted one after the other and
 * cannot both take the last room, on any instance. The reservation goes with the upload
 * (releaseStorage, or the upload's row being deleted).
 */
export async function reserveStorage(tx: Pick<Database, 'select' | 'insert' | 'execute'>, { ownerId, uploadId, path, bytes, quotaBytes }: ReserveStorageOptions): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${sql.raw(String(QUOTA_LOCK_CLASS))}, hashtext(${ownerId}))`)
  await checkStorageQuota({ ownerId, path, bytes, quotaBytes, db: tx })
  await tx.insert(storageReservations).values({ uploadId, ownerId, bytes })
}
