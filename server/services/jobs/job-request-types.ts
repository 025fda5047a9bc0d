import { sql, type Placeholder, type SQL } from 'drizzle-orm'
import { jobRequests } from '../../db/schema'
import { toIso } from '../shared/authorize'

/**
 * A job request as the services return it: every column as stored (the fields of
 * lib/job-request-schema.ts as text, priority "1".."5"; what the server sets: status, files as a
 * JSON-encoded list, membership "true"), times as ISO strings.
 */
export type JobRequest = Omit<typeof jobRequests.$inferSelect, 'createdAt' | 'updatedAt'> & {
  createdAt: string
  updatedAt: string
}

/** Every column of the row, so a field added to the table reaches every reader. */
export function toJobRequest(row: typeof jobRequests.$inferSelect): JobRequest {
  return {
    ...row,
    files: ownFilesOnly(row.id, row.files),
    createdAt: toIso(row.createdAt)!,
    updatedAt: toIso(row.updatedAt)!,
  }
}

/**
 * The stored list as the API shows it: only entries in the job's own folder. Lists are checked when
 * written; a row written before that check could name other paths, which are not shown as this job's.
 */
function ownFilesOnly(id: string, files: string | null): string | null {
  if (files === null) return null
  let list: unknown
  try {
    list = JSON.parse(files)
  } catch {
    return '[]'
  }
  const folder = `job-files/${id}/`
  return JSON.stringify(Array.isArray(list) ? list.filter((f): f is string => typeof f === 'string' && f.startsWith(folder) && !f.slice(folder.length).includes('/')) : [])
}

/** Which jobs a list shows: the active ones (its default), the archived ones, or both. */
export type ArchivedJobs = 'exclude' | 'only' | 'include'

/** The condition of a list on the archive (a value, or a prepared statement's placeholder for one). */
export function archivedFilter(archived: ArchivedJobs | Placeholder): SQL {
  return sql`(${archived} = 'include' or (${jobRequests.archivedAt} is not null) = (${archived} = 'only'))`
}
