import { sql } from 'drizzle-orm'
import { getAppContext } from '../../context'
import { jobRequests, storedFiles } from '../../db/schema'

export interface GetStorageUsageOptions {
  /** The client whose folders are measured. */
  ownerId: string
  /** A file about to be replaced by an upload: its old size does not count. */
  excludingPath?: string
}

/**
 * Bytes stored in a client's folders: user-box/{id}/, profile-pictures/{id}/ and the folders of the
 * client's job requests (job-files/{jobRequestId}/ and the files of its thread, job-messages/{jobRequestId}/),
 * whoever uploaded them (an admin uploading into a
 * client's folder uses that client's space). The consultancy's deliverables are not the client's to pay
 * for and do not count. Only complete files count. No permission check: the upload
 * endpoint calls it after its own.
 */
export async function getStorageUsage({ ownerId, excludingPath }: GetStorageUsageOptions): Promise<number> {
  const { db } = getAppContext()
  const path = storedFiles.path
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${storedFiles.size}), 0)` })
    .from(storedFiles)
    .where(
      sql`(starts_with(${path}, ${`user-box/${ownerId}/`})
        or starts_with(${path}, ${`profile-pictures/${ownerId}/`})
        or ((starts_with(${path}, 'job-files/') or starts_with(${path}, 'job-messages/')) and split_part(${path}, '/', 2) in (select ${jobRequests.id}::text from ${jobRequests} where ${jobRequests.user} = ${ownerId})))
        and ${path} <> ${excludingPath ?? ''}`,
    )
  return Number(row?.bytes ?? 0)
}
