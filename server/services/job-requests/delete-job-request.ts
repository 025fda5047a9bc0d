import { eq, sql } from 'drizzle-orm'
import { getAppContext } from '../../context'
import { jobRequests, storedFiles } from '../../db/schema'
import type { BlobStore } from '../../storage/blob-store'
import { recordAudit } from '../audit/record-audit'
import type { MaybeActor } from '../shared/authorize'
import { getJobRequest } from './get-job-request'
import type { JobRequest } from './job-request-types'
import { jobFilesFolder } from './normalise-job-request-fields'

export interface DeleteJobRequestOptions {
  actor: MaybeActor
  id: string
}

/**
 * Deletes one's own job request (or, for an admin, a client's) and the files stored in its folder,
 * job-files/{id}/. The files are found by that folder, in the stored_file table and in the blob store,
 * never from the job's `files` list: the list is data the client wrote, and an admin deleting the job
 * must not delete whatever paths it names. Returns what was deleted.
 */
export async function deleteJobRequest({ actor, id }: DeleteJobRequestOptions): Promise<JobRequest> {
  const existing = await getJobRequest({ actor, id })
  const ctx = getAppContext()
  const folder = jobFilesFolder(existing.id)
  await ctx.db.transaction(async (tx) => {
    // The job row is locked first: an upload finishing into this folder meanwhile waits for it, then
    // finds no job and is refused (record-stored-file.ts), so no file outlives its job.
    await tx.select({ id: jobRequests.id }).from(jobRequests).where(eq(jobRequests.id, existing.id)).for('update')
    const files = await tx.delete(storedFiles).where(sql`starts_with(${storedFiles.path}, ${folder})`).returning({ path: storedFiles.path })
    await tx.delete(jobRequests).where(eq(jobRequests.id, existing.id))
    await recordAudit(tx, { actor: actor!, subjectUserId: existing.user, action: 'delete-job-request', details: { id: existing.id, files: files.map((f) => f.path) } })
  })
  // After the commit: the files are already out of every listing; a failure here leaves bytes nobody can reach.
  try {
    await (ctx.services.storage as BlobStore).deleteFolder(folder)
  } catch (error) {
    ctx.log.error({ err: error, folder }, 'job request deleted, but its folder could not be emptied in the store')
  }
  return existing
}
