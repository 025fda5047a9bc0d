import type { jobRequests } from '../../db/schema'
import { toIso } from '../shared/authorize'

/**
 * A job request as the services return it: the fields of lib/job-request-schema.ts as stored (text;
 * priority "1".."5"), and what the server sets (status, files as a JSON-encoded list, membership).
 */
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
