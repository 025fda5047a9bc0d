import { eq } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { blogImages, blogPosts, fileThumbnails, storedFiles } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import type { ResultSummary } from '../../../lib/simulation-results/result-summary'
import type { ModelBox } from '../../../lib/model-box'
import { recordAudit } from '../audit/record-audit'
import { syncJobRequestFiles } from './sync-job-request-files'
import type { MaybeActor } from '../shared/authorize'
import { checkFileReplacement } from './check-file-replacement'
import { releaseStorage } from './release-storage'
import { recordDeliverableRevision } from './record-deliverable-revision'
import { parseStoragePath } from './storage-path'

export interface RecordStoredFileOptions {
  actor: MaybeActor
  /** The client whose folder it is, for the audit of an admin upload. */
  ownerId: string | null
  path: string
  size: number
  eTag: string
  contentType: string
  /** The name its uploader gave it, when the path's last segment is one the server made. */
  originalName?: string | null
  /** The upload it comes from: the space it held in the quota is given back as the file starts to count. */
  uploadId?: string
  /** A blog post's picture: its size in pixels, which the post's page reserves. */
  imageSize?: { width: number; height: number } | null
  /** A simulation result's key numbers, read from its bytes; null for other files (a replacement drops the old ones). */
  resultSummary?: ResultSummary | null
  /** A binary STL's box and triangle count, read from its bytes; null for other files. */
  modelBox?: ModelBox | null
  /** A deliverable: the document it is a revision of and its bytes' SHA-256 (required in job-deliverables/). */
  revision?: { document: string; sha256: string } | null
}

/**
 * Makes a completed upload visible (called by the upload endpoint once the bytes are in the store).
 * Throws NOT_FOUND when the file's job request or blog post was deleted meanwhile, and CONFLICT when
 * the path names a file someone else uploaded (the upload endpoint checked that before moving the
 * bytes; this is the last word, under the row's lock).
 */
export async function recordStoredFile({ actor, ownerId, path, size, eTag, contentType, originalName = null, uploadId, imageSize, resultSummary = null, modelBox = null, revision = null }: RecordStoredFileOptions): Promise<void> {
  const { db } = getAppContext()
  await db.transaction(async (tx) => {
    await checkFileReplacement({ actor, path, tx })
    const values = { path, size, eTag, contentType, lastModified: new Date(), uploadedBy: actor?.userId ?? null, originalName, resultSummary, modelBox }
    await tx.insert(storedFiles).values(values).onConflictDoUpdate({ target: storedFiles.path, set: values })
    // A new upload under the same name is a new model: its old picture goes.
    await tx.delete(fileThumbnails).where(eq(fileThumbnails.path, path))
    // A file uploaded into a job request's folder is one of its attachments from now on. The job may
    // have been deleted while the upload ran: then the file is refused (the caller removes its bytes).
    if (!(await syncJobRequestFiles(tx, path, 'add'))) throw new AppError('NOT_FOUND', 'Job request not found')
    // A deliverable is the next revision of its document, kept beside the earlier ones.
    const stored = parseStoragePath(path)
    if (stored.area === 'job-deliverables') {
      if (!revision) throw new AppError('BAD_REQUEST', 'A deliverable needs its document and hash')
      await recordDeliverableRevision(tx, { jobId: stored.folder!, path, document: revision.document, size, sha256: revision.sha256, uploadedBy: actor?.userId ?? null })
    }
    const blogPostId = /^blog-images\/([^/]+)\//.exec(path)?.[1]
    if (blogPostId) {
      // Locks the post: one being deleted meanwhile either waits for this or has gone, and then so does the file.
      const [post] = await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.id, blogPostId)).for('update')
      if (!post || !imageSize) throw new AppError('NOT_FOUND', 'Blog post not found')
      await tx.insert(blogImages).values({ path, blogPostId, ...imageSize }).onConflictDoUpdate({ target: blogImages.path, set: imageSize })
    }
    if (actor) await recordAudit(tx, { actor, subjectUserId: ownerId, action: 'upload-file', details: { path } })
    if (uploadId) await releaseStorage(tx, uploadId)
  })
}
