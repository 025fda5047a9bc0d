import { eq, or, sql } from 'drizzle-orm'
import { getAppContext } from '../../context'
import { jobRequests, storedFiles } from '../../db/schema'
import type { BlobStore } from '../../storage/blob-store'
import { recordAudit } from '../audit/record-audit'
import type { MaybeActor } from '../shared/authorize'
import { getJobRequest } from './get-job-request'
import type { JobRequest } from './job-request-types'
import { jobAreas } from '../files/storage-path'

export interface DeleteJobRequestOptions {
  actor: MaybeActor
  id: string
}

/**
 * Deletes one's own job request (or, for an admin, a client's) with its timeline, quotes and thread,
 * and the files stored in its folders: job-files/{id}/, job-deliverables/{id}/ and job-messages/{id}/. The files are found by that folder, in the stored_file table and in the blob store,
 * never from the job's `files` list: the list is data the client wrote, and an admin deleting the job
 * must not delete whatever paths it names. Returns what was deleted.
 */
export async function deleteJobRequest({ actor, id }: DeleteJobRequestOptions): Promise<JobRequest> {
  const existing = await getJobRequest({ actor, id })
  const ctx = getAppContext()
  const folders = jobAreas.map((area) => `${area}/${existing.id}/`)
  await ctx.db.transaction(async (tx) => {
    // The job row is locked first: an upload finishing into this folder meanwhile waits for it, then
    // finds no job and is refused (record-stored-file.ts), so no file outlives its job.
    await tx.select({ id: jobRequests.id }).from(jobRequests).where(eq(jobRequests.id, existing.id)).for('update')
    const inFolders = or(...folders.map((folder) => sql`starts_with(${storedFiles.path}, ${folder})`))
    const files = await tx.delete(storedFiles).where(inFolders).returning({ path: storedFiles.path })
    await tx.delete(jobRequests).where(eq(jobRequests.id, existing.id))
    await recordAudit(tx, { actor: actor!, subjectUserId: existing.user, action: 'delete-job-request', details: { id: existing.id, files: files.map((f) => f.path) } })
  })
  // After the commit: the files are already out of every listing; a failure here leaves bytes nobody can reach.
  for (const folder of folders) {
    try {
      await (ctx.services.storage as BlobStore).deleteFolder(folder)
    } catch (error) {
      ctx.log.error({ err: error, folder }, 'job request deleted, but its folder could not be emptied in the store')
    }
  }
  return existing
}
