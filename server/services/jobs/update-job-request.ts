import { eq, inArray } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { jobRequests, storedFiles } from '../../db/schema'
import { recordAudit } from '../audit/record-audit'
import { requireClientRole, requireSignedIn, type MaybeActor } from '../shared/authorize'
import { getJobRequest } from './get-job-request'
import { toJobRequest, type JobRequest } from './job-request-types'
import { filesError, normaliseFiles } from './normalise-job-request-fields'

export interface UpdateJobRequestOptions {
  actor: MaybeActor
  id: string
  /** The only field the data API updates by id: a job request's files. */
  files: string[] | string
}

/**
 * Replaces a job request's file list. Every entry must be a file stored in the job's own folder
 * (job-files/{id}/); anything else is refused with a field error on `files`.
 */
export async function updateJobRequest({ actor: maybeActor, id, files }: UpdateJobRequestOptions): Promise<JobRequest> {
  const actor = requireSignedIn(maybeActor)
  const existing = await getJobRequest({ actor, id })
  requireClientRole(actor, 'work')
  const paths = normaliseFiles(files, existing.id)
  const { db } = getAppContext()
  return db.transaction(async (tx) => {
    if (paths.length) {
      const stored = new Set((await tx.select({ path: storedFiles.path }).from(storedFiles).where(inArray(storedFiles.path, paths))).map((r) => r.path))
      const missing = paths.find((p) => !stored.has(p))
      if (missing) throw filesError(`No such file in this job request's folder: ${missing.split('/').pop()}`)
    }
    const [row] = await tx.update(jobRequests).set({ files: JSON.stringify(paths), updatedAt: new Date() }).where(eq(jobRequests.id, id)).returning()
    await recordAudit(tx, { actor, subjectUserId: existing.user, action: 'update-job-request', details: { id } })
    return toJobRequest(row!)
  })
}
