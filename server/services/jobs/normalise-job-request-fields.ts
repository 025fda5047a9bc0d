import { AppError } from '../../errors/app-error'
import { sanitizeFileName } from '../files/storage-path'

/** A refusal of a file list, shown beside the form's files field. */
export const filesError = (message: string) => new AppError('BAD_REQUEST', message, { fieldErrors: { files: [message] } })

/** The folder whose stored files a job request lists: job-files/{jobRequestId}/. */
export const jobFilesFolder = (jobRequestId: string) => `job-files/${jobRequestId}/`

/**
 * A job request's file list, whichever form it came in (a list, or that list JSON-encoded), without
 * repeats. A job's files are only ever files of its own folder (job-files/{jobRequestId}/{fileName}):
 * a path anywhere else is refused, so nothing that acts on a job's files (an admin deleting the job,
 * a download link in the job list) can be pointed at another client's documents. A new job request
 * (`jobRequestId` null) has no folder yet and so no files: they are uploaded into its folder once it exists.
 */
export function normaliseFiles(value: string[] | string | null | undefined, jobRequestId: string | null): string[] {
  if (value === null || value === undefined || value === '') return []
  let list: unknown = value
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value)
    } catch {
      throw filesError('files must be a JSON list')
    }
  }
  if (!Array.isArray(list) || list.some((f) => typeof f !== 'string') || list.length > 500) throw filesError('files must be a JSON list')
  const paths = [...new Set(list as string[])]
  if (paths.length === 0) return []
  if (jobRequestId === null) throw filesError('A new job request has no files yet: upload them once it is created')
  const folder = jobFilesFolder(jobRequestId)
  for (const path of paths) {
    const name = path.startsWith(folder) ? path.slice(folder.length) : ''
    if (!name || name.includes('/') || sanitizeFileName(name) !== name) throw filesError(`Files must be stored in this job request's folder (${folder})`)
  }
  return paths
}
