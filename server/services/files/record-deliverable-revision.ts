import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/open-database'
import { deliverableRevisions, jobRequests } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { sanitizeFileName } from './storage-path'

export interface DeliverableRevisionFile {
  jobId: string
  /** The revision's stored path (a name the server made in the job's deliverables folder). */
  path: string
  /** The document it is a revision of: the name it was uploaded under, or the document the uploader chose. */
  document: string
  size: number
  sha256: string
  uploadedBy: string | null
}

/**
 * Records an uploaded deliverable as the next revision of its document (1 for a new document), in the
 * transaction that lists its file. The job is locked first, so two revisions of one document uploaded
 * at once take the next numbers in turn. It is work in progress until a release issues it.
 */
export async function recordDeliverableRevision(tx: Pick<Database, 'select' | 'insert'>, file: DeliverableRevisionFile): Promise<void> {
  const [job] = await tx.select({ id: jobRequests.id }).from(jobRequests).where(eq(jobRequests.id, file.jobId)).for('update').limit(1)
  if (!job) throw new AppError('NOT_FOUND', 'Job request not found')
  const document = sanitizeFileName(file.document)
  const [last] = await tx
    .select({ sequence: sql<number>`coalesce(max(${deliverableRevisions.sequence}), 0)` })
    .from(deliverableRevisions)
    .where(and(eq(deliverableRevisions.jobId, file.jobId), eq(deliverableRevisions.document, document)))
  await tx.insert(deliverableRevisions).values({ jobId: file.jobId, document, sequence: Number(last?.sequence ?? 0) + 1, path: file.path, size: file.size, sha256: file.sha256, uploadedBy: file.uploadedBy })
}
