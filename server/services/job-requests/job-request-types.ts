import type { jobRequests } from '../../db/schema'
import { toIso } from '../shared/authorize'

/** JobRequests of SPEC.md section 3, as the API returns them (strings; files is a JSON-encoded list). */
export interface JobRequest {
  id: string
  user: string
  job: string | null
  reference: string | null
  instructions: string | null
  status: string | null
  /** "1".."5" */
  priority: string | null
  /** JSON-encoded list of storage paths, e.g. '["job-files/<id>/plan.pdf"]' */
  files: string | null
  /** "true" */
  membership: string | null
  completedAt: string | null
  releasedAt: string | null
  createdAt: string
  updatedAt: string
}

export interface JobRequestInput {
  /** The client the job is for: the actor by default; another user only for an admin. */
  user?: string | null
  job?: string | null
  reference?: string | null
  instructions?: string | null
  /** Ignored on create: a new job request is always "pending" (SPEC.md section 4). */
  status?: string | null
  /** "1".."5" (a number 1..5 is accepted too); default "3". */
  priority?: string | number | null
  /** A list of paths, or that list JSON-encoded: files stored in job-files/{id}/ only, so empty on create. */
  files?: string[] | string | null
  /** Ignored: always "true". */
  membership?: string | null
}

export function toJobRequest(row: typeof jobRequests.$inferSelect): JobRequest {
  return {
    id: row.id,
    user: row.user,
    job: row.job,
    reference: row.reference,
    instructions: row.instructions,
    status: row.status,
    priority: row.priority,
    files: ownFilesOnly(row.id, row.files),
    membership: row.membership,
    completedAt: row.completedAt,
    releasedAt: row.releasedAt,
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
