import { eq } from 'drizzle-orm'
import { jobAbilities, type JobAbilities } from '../../../lib/job-abilities'
import { getAppContext } from '../../context/app-context'
import { blogPosts, deliverableRevisions, jobRequests, storedFiles } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import type { MaybeActor } from '../shared/authorize'
import { isUuid } from '../shared/is-uuid'
import { viewerOf } from '../shared/job-viewer'
import { parseStoragePath, type StoragePath } from './storage-path'

export type FileAccessMode = 'read' | 'list' | 'write' | 'delete'

export interface AuthorizeFileAccessOptions {
  actor: MaybeActor
  path: string
  mode: FileAccessMode
}

export interface AuthorizedPath extends StoragePath {
  /** The client the folder belongs to (user-box, profile-pictures, job owner), for auditing. */
  ownerId: string | null
}

/**
 * Who may read, list, write and delete in each storage area, enforced on the server:
 * - profile-pictures: anyone reads a file by its path; the folder's owner (or an admin) lists, writes
 *   and deletes; the folder-less profile-pictures/{fileName} is listed and written by admins only.
 * - user-box/{userId}: the owner and admins only.
 * - job-files/{jobRequestId}: the members of the job's company and admins only; a viewer reads and
 *   lists, the other roles also add and delete.
 * - job-messages/{jobRequestId}: the members of the job's company and admins read and list, and all
 *   but a viewer upload (files sent on the job's thread); only admins delete, so a file a message names stays.
 * - job-deliverables/{jobRequestId}: admins only, until the job's first release; from then on the
 *   members of the job's company read and list the revisions issued to them (never the consultancy's
 *   work in progress, never write or delete).
 * - picture-submissions: anyone may write (images only, checked at upload); listing and deleting is
 *   for admins; a file is read by admins and by the signed-in user who uploaded it.
 * - blog-images/{blogPostId}: admins upload, list and delete; anyone reads the pictures of a published
 *   post (the page shows them), only admins those of a draft.
 */
export async function authorizeFileAccess({ actor, path, mode }: AuthorizeFileAccessOptions): Promise<AuthorizedPath> {
  const parsed = parseStoragePath(path, { allowFolder: mode === 'list' })
  if (mode !== 'list' && !parsed.fileName) throw new AppError('BAD_REQUEST', 'Invalid file path')
  const deny = (): never => {
    throw new AppError('UNAUTHORIZED')
  }
  const isAdmin = actor?.isAdmin === true
  switch (parsed.area) {
    case 'profile-pictures': {
      // A logo is public by its URL (the site shows it), but a listing would enumerate user ids.
      if (mode === 'read') return { ...parsed, ownerId: parsed.folder }
      if (!actor) return deny()
      if (isAdmin || (parsed.folder !== null && parsed.folder === actor.userId)) return { ...parsed, ownerId: parsed.folder }
      return deny()
    }
    case 'user-box': {
      if (!actor) return deny()
      if (!parsed.folder) return isAdmin ? { ...parsed, ownerId: null } : deny()
      if (isAdmin || parsed.folder === actor.userId) return { ...parsed, ownerId: parsed.folder }
      return deny()
    }
    case 'job-files':
    case 'job-deliverables':
    case 'job-messages': {
      if (!actor) return deny()
      if (!parsed.folder) return isAdmin ? { ...parsed, ownerId: null } : deny()
      const { db } = getAppContext()
      const [job] = isUuid(parsed.folder)
        ? await db
            .select({ user: jobRequests.user, companyId: jobRequests.companyId, status: jobRequests.status, acceptedAt: jobRequests.acceptedAt, archivedAt: jobRequests.archivedAt, releasedAt: jobRequests.releasedAt })
            .from(jobRequests)
            .where(eq(jobRequests.id, parsed.folder))
            .limit(1)
        : []
      if (!job) {
        if (isAdmin) throw new AppError('NOT_FOUND', 'Job request not found')
        return deny()
      }
      const can = jobAbilities(job, viewerOf(actor, job))
      if (!jobFolderAllows(parsed.area, mode, can, isAdmin)) return deny()
      // A client reads a deliverable once a release issued its revision (work in progress is the
      // consultancy's); a file kept from before revisions were recorded has none and reads as before.
      if (parsed.area === 'job-deliverables' && mode === 'read' && !isAdmin) {
        const [revision] = await db.select({ releaseId: deliverableRevisions.releaseId }).from(deliverableRevisions).where(eq(deliverableRevisions.path, parsed.path)).limit(1)
        if (revision && revision.releaseId === null) return deny()
      }
      return { ...parsed, ownerId: job.user }
    }
    case 'blog-images': {
      if (mode === 'list' && !parsed.folder) return isAdmin ? { ...parsed, ownerId: null } : deny()
      const { db } = getAppContext()
      const [post] = parsed.folder && isUuid(parsed.folder) ? await db.select({ status: blogPosts.status }).from(blogPosts).where(eq(blogPosts.id, parsed.folder)).limit(1) : []
      if (isAdmin) {
        if (!post) throw new AppError('NOT_FOUND', 'Blog post not found')
        return { ...parsed, ownerId: null }
      }
      if (mode === 'read' && post?.status === 'published') return { ...parsed, ownerId: null }
      return deny()
    }
    case 'picture-submissions': {
      if (mode === 'write') return { ...parsed, ownerId: null }
      if (isAdmin) return { ...parsed, ownerId: null }
      if (mode === 'read' && actor) {
        const { db } = getAppContext()
        const [row] = await db.select({ uploadedBy: storedFiles.uploadedBy }).from(storedFiles).where(eq(storedFiles.path, parsed.path)).limit(1)
        if (row?.uploadedBy === actor.userId) return { ...parsed, ownerId: actor.userId }
      }
      return deny()
    }
  }
}

/**
 * What a job's folders allow, from the job's abilities (lib/job-abilities.ts): its files are read and
 * listed by whoever may see the job, added and deleted by whoever may add files (not a viewer); thread files are read, listed and added by
 * both sides and deleted by the consultancy alone; deliverables are added only while the consultancy
 * may deliver, removed by the consultancy, and read by the client once released.
 */
function jobFolderAllows(area: 'job-files' | 'job-deliverables' | 'job-messages', mode: AuthorizeFileAccessOptions['mode'], can: JobAbilities, isAdmin: boolean): boolean {
  const reading = mode === 'read' || mode === 'list'
  if (area === 'job-deliverables') return reading ? can.readDeliverables : mode === 'write' ? can.deliver : can.removeDeliverables
  if (area === 'job-messages') return reading ? can.view : mode === 'write' ? can.message : isAdmin
  return reading ? can.view : can.addFiles
}
