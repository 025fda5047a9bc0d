import { and, eq, ne, sql } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import type { Database } from '../../db/open-database'
import { jobRequests, storageReservations, storedFiles } from '../../db/schema'

export interface GetStorageUsageOptions {
  /** The client whose folders are measured. */
  ownerId: string
  /** A file about to be replaced by an upload: its old size does not count. */
  excludingPath?: string
  /** An upload being finished: its own reservation does not count (its size is counted by the caller). */
  excludingUpload?: string
  /** The transaction to read in (the one holding the quota lock), else the database. */
  db?: Pick<Database, 'select'>
}

/**
 * Bytes a client's folders take: the stored files in user-box/{id}/, profile-pictures/{id}/ and the
 * folders of the client's job requests (job-files/{jobRequestId}/ and the files of its thread,
 * job-messages/{jobRequestId}/), whoever uploaded them, plus the space reserved by uploads still
 * running into them (their declared length). The consultancy's deliverables are not the client's to
 * pay for and do not count. No permission check: the upload endpoint calls it after its own.
 */
export async function getStorageUsage({ ownerId, excludingPath, excludingUpload, db = getAppContext().db }: GetStorageUsageOptions): Promise<number> {
  const path = storedFiles.path
  const [stored] = await db
    .select({ bytes: sql<string>`coalesce(sum(${storedFiles.size}), 0)` })
    .from(storedFiles)
    .where(
      sql`(starts_with(${path}, ${`user-box/${ownerId}/`})
        or starts_with(${path}, ${`profile-pictures/${ownerId}/`})
        or ((starts_with(${path}, 'job-files/') or starts_with(${path}, 'job-messages/')) and split_part(${path}, '/', 2) in (select ${jobRequests.id}::text from ${jobRequests} where ${jobRequests.user} = ${ownerId})))
        and ${path} <> ${excludingPath ?? ''}`,
    )
  const [reserved] = await db
    .select({ bytes: sql<string>`coalesce(sum(${storageReservations.bytes}), 0)` })
    .from(storageReservations)
    .where(and(eq(storageReservations.ownerId, ownerId), ne(storageReservations.uploadId, excludingUpload ?? '')))
  return Number(stored?.bytes ?? 0) + Number(reserved?.bytes ?? 0)
}
