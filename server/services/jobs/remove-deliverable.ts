import { AppError } from '../../errors/app-error'
import { deleteFile } from '../files/delete-file'
import { parseStoragePath } from '../files/storage-path'
import { requireAdmin, type MaybeActor } from '../shared/authorize'

export interface RemoveDeliverableOptions {
  actor: MaybeActor
  jobId: string
  /** The deliverable's stored path: job-deliverables/{jobId}/{fileName}. */
  path: string
}

/**
 * Takes one of a job's deliverables back: the consultancy's, at any stage, released jobs included
 * (a wrong file sent to a client must be removable). The path must name a file among this job's
 * deliverables; the file goes through deleteFile, which checks its area again, removes it from the
 * listing before the store and records it in the audit log.
 */
export async function removeDeliverable({ actor, jobId, path }: RemoveDeliverableOptions): Promise<{ path: string }> {
  const a = requireAdmin(actor)
  const parsed = parseStoragePath(path)
  if (parsed.area !== 'job-deliverables' || parsed.folder !== jobId || !parsed.fileName) throw new AppError('BAD_REQUEST', "That file is not one of this job's deliverables")
  return deleteFile({ actor: a, path: parsed.path })
}
