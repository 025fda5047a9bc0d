import { sql } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { storedFiles } from '../../db/schema'

/**
 * How many pictures were submitted to picture-submissions/ in the last 24 hours, and their bytes in all
 * (the database clock decides, so every instance agrees). No permission check: the upload endpoint
 * uses it to cap what anyone, signed in or not, can add to that folder in a day.
 */
export async function getPictureSubmissionTotals(): Promise<{ count: number; bytes: number }> {
  const { db } = getAppContext()
  const [row] = await db
    .select({ count: sql<string>`count(*)`, bytes: sql<string>`coalesce(sum(${storedFiles.size}), 0)` })
    .from(storedFiles)
    .where(sql`starts_with(${storedFiles.path}, 'picture-submissions/') and ${storedFiles.lastModified} > now() - interval '1 day'`)
  return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) }
}
