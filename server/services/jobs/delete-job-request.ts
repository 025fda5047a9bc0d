import { eq, or, sql } from 'drizzle-orm'
import { jobRecordAbilities, stageLabel } from '../../../lib/job-stages'
import { getAppContext } from '../../context/app-context'
import { jobRequests, jobTombstones, storedFiles } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import type { BlobStore } from '../../storage/blobs/blob-store'
import { recordAudit } from '../audit/record-audit'
import { enqueueJobMail } from './enqueue-job-mail'
import { sideOf } from '../shared/job-viewer'
import { requireClientRole, requireSignedIn, type MaybeActor } from '../shared/authorize'
import { getJobRequest } from './get-job-request'
import type { JobRequest } from './job-request-types'
import { jobAreas } from '../files/storage-path'

export interface DeleteJobRequestOptions {
  actor: MaybeActor
  id: string
}

/**
 * Deletes one's own job request (or, for an admin, a client's) with its timeline, quotes and thread,
 * and the files stored in its folders: job-files/{id}/, job-deliverables/{id}/ and job-messages/{id}/.
 * Only as the job stage table allows (jobRecordAbilities): while no quote of it was ever accepted and
 * it is pending, declined or cancelled, and not archived. An accepted job is the consultancy's record:
 * the client is refused as for any act that is not theirs, the consultancy is told to archive it.
 * The files are found by their folders, in the stored_file table and in the blob store, never from
 * the job's `files` list: the list is data the client wrote, and an admin deleting the job must not
 * delete whatever paths it names. A tombstone stays (title, client, when, which side), so the job's
 * page tells its client and the consultancy what happened; a job the client withdraws this way is
 * mailed to the consultancy (grouped per job, as the client can repeat it on other jobs at will).
 * Returns what was deleted.
 */
export async function deleteJobRequest({ actor: maybeActor, id }: DeleteJobRequestOptions): Promise<JobRequest> {
  const actor = requireSignedIn(maybeActor)
  const existing = await getJobRequest({ actor, id })
  requireClientRole(actor, 'work')
  const ctx = getAppContext()
  const folders = jobAreas.map((area) => `${area}/${existing.id}/`)
  await ctx.db.transaction(async (tx) => {
    // The job row is locked first: an upload finishing into this folder meanwhile waits for it, then
    // finds no job and is refused (record-stored-file.ts), so no file outlives its job.
    // It also orders this check after any move of the job (moves lock the row too).
    const [job] = await tx.select().from(jobRequests).where(eq(jobRequests.id, existing.id)).for('update')
    if (!job) throw new AppError('NOT_FOUND', 'Job request not found')
    const side = sideOf(actor)
    if (!jobRecordAbilities(job, side).delete) {
      if (side === 'client') throw new AppError('UNAUTHORIZED')
      throw new AppError('CONFLICT', deleteRefusal(job))
    }
    const inFolders = or(...folders.map((folder) => sql`starts_with(${storedFiles.path}, ${folder})`))
    const files = await tx.delete(storedFiles).where(inFolders).returning({ path: storedFiles.path })
    await tx.delete(jobRequests).where(eq(jobRequests.id, existing.id))
    await tx
      .insert(jobTombstones)
      .values({ jobId: job.id, title: job.job, reference: job.reference, userId: job.user, companyId: job.companyId, deletedBySide: side, deletedBy: actor.userId })
      .onConflictDoNothing()
    if (side === 'client') {
      await enqueueJobMail(tx, {
        to: 'consultancy',
        job,
        actorId: actor.userId,
        what: 'withdrawn by the client',
        text: `The client withdrew this job request and deleted it, with its files and thread (it was ${stageLabel(job.status)}).`,
        grouped: true,
      })
    }
    await recordAudit(tx, { actor, subjectUserId: existing.user, action: 'delete-job-request', details: { id: existing.id, files: files.map((f) => f.path) } })
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

/** Why the consultancy may not delete this job, in its words. */
function deleteRefusal(job: { status: string | null; acceptedAt: string | null; archivedAt: string | null }): string {
  if (job.acceptedAt !== null) return 'A job whose quote was accepted is kept as a record: archive it instead'
  if (job.archivedAt !== null) return 'An archived job is kept: bring it back from the archive first'
  return `A job that is ${stageLabel(job.status)} cannot be deleted: decline or cancel it first`
}
