import { and, eq, isNull } from 'drizzle-orm'
import { jobAbilities, mayCommentOnRevisions } from '../../../lib/job-abilities'
import { revisionCommentSchema, type RevisionCommentInput } from '../../../lib/review-comments'
import { getAppContext } from '../../context/app-context'
import type { Database } from '../../db/open-database'
import { deliverableRevisions, jobMessages, revisionComments } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { requireAdmin, requireSignedIn, type MaybeActor } from '../shared/authorize'
import { sideOf, viewerOf } from '../shared/job-viewer'
import { parseInput } from '../shared/parse-input'
import { isUuid } from '../shared/is-uuid'
import type { Actor } from '../../auth/actor'
import { enqueueJobMail } from '../jobs/enqueue-job-mail'
import { limitJobAction } from '../jobs/limit-job-action'
import { lockJob, type JobRow } from '../jobs/lock-job'

type Tx = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>

const fieldError = (field: string, message: string) => new AppError('BAD_REQUEST', message, { fieldErrors: { [field]: [message] } })
const notFound = () => new AppError('NOT_FOUND', 'Revision not found')

/**
 * Who may comment on a job's revisions, reply, resolve and reopen: whoever writes on its thread (the
 * consultancy, a client company's members but its viewers) and sees its deliverables. A client sees
 * only the revisions issued to it, so it comments only on those; work in progress is the consultancy's.
 */
async function revisionFor(tx: Tx, a: Actor, job: JobRow, revisionId: string) {
  if (!isUuid(revisionId)) throw notFound()
  if (!mayCommentOnRevisions(jobAbilities(job, viewerOf(a, job)))) throw new AppError('UNAUTHORIZED')
  const [revision] = await tx.select().from(deliverableRevisions).where(and(eq(deliverableRevisions.id, revisionId), eq(deliverableRevisions.jobId, job.id))).limit(1)
  if (!revision || (!a.isAdmin && revision.releaseId === null)) throw notFound()
  return revision
}

/**
 * A comment on a revision, pinned on its model or drawing with the view it was made in, or a reply to
 * one (never pinned: it answers its comment). A new comment on an issued revision is also told on the
 * job's thread, which opens it; the other side is mailed.
 */
export async function addRevisionComment({ actor, jobId, input }: { actor: MaybeActor; jobId: string; input: unknown }): Promise<{ id: string }> {
  const fields: RevisionCommentInput = parseInput(revisionCommentSchema, input)
  await limitJobAction(requireSignedIn(actor), 'message')
  const { db } = getAppContext()
  return db.transaction(async (tx) => {
    const { actor: a, job } = await lockJob(tx, actor, jobId)
    const revision = await revisionFor(tx, a, job, fields.revisionId)
    if (fields.parentId) {
      const [parent] = await tx.select({ revisionId: revisionComments.revisionId, parentId: revisionComments.parentId }).from(revisionComments).where(eq(revisionComments.id, fields.parentId)).limit(1)
      if (!parent || parent.revisionId !== revision.id || parent.parentId !== null) throw fieldError('parentId', 'Reply to a comment of this revision')
      if (fields.view) throw fieldError('view', 'A reply is not pinned: it answers its comment')
    }
    const side = sideOf(a)
    const [comment] = await tx
      .insert(revisionComments)
      .values({ revisionId: revision.id, jobId: job.id, parentId: fields.parentId ?? null, authorId: a.userId, authorSide: side, body: fields.body, view: fields.view ?? null })
      .returning({ id: revisionComments.id })
    const code = revision.code ?? 'work in progress'
    if (!fields.parentId && revision.releaseId !== null) {
      await tx.insert(jobMessages).values({ jobId: job.id, authorId: a.userId, authorSide: side, body: `Comment on ${revision.document} ${code}: ${fields.body}`, files: [], revisionCommentId: comment!.id })
    }
    if (revision.releaseId !== null) {
      const excerpt = fields.body.length > 600 ? `${fields.body.slice(0, 600)}…` : fields.body
      await enqueueJobMail(tx, {
        to: side === 'client' ? 'consultancy' : 'client',
        job,
        actorId: a.userId,
        what: `${fields.parentId ? 'reply' : 'comment'} on ${revision.document} ${code}`,
        text: `${side === 'client' ? 'The client' : 'We'} ${fields.parentId ? 'replied to a comment' : 'commented'} on ${revision.document} ${code}:\n\n${excerpt}`,
        optional: side === 'consultancy',
        grouped: side === 'client',
      })
    }
    return { id: comment!.id }
  })
}

/** Resolves a comment, or reopens it: whoever may comment on the revision. Only a comment, not a reply, is resolved. */
export async function resolveRevisionComment({ actor, jobId, commentId, resolved }: { actor: MaybeActor; jobId: string; commentId: string; resolved: boolean }): Promise<{ id: string; resolved: boolean }> {
  const { db } = getAppContext()
  return db.transaction(async (tx) => {
    const { actor: a, job } = await lockJob(tx, actor, jobId)
    const [comment] = isUuid(commentId)
      ? await tx.select().from(revisionComments).where(and(eq(revisionComments.id, commentId), eq(revisionComments.jobId, job.id))).limit(1)
      : []
    if (!comment) throw new AppError('NOT_FOUND', 'Comment not found')
    await revisionFor(tx, a, job, comment.revisionId)
    if (comment.parentId !== null) throw new AppError('BAD_REQUEST', 'A reply is resolved with its comment')
    await tx
      .update(revisionComments)
      .set(resolved ? { resolvedAt: new Date(), resolvedBy: a.userId } : { resolvedAt: null, resolvedBy: null })
      .where(eq(revisionComments.id, comment.id))
    return { id: comment.id, resolved }
  })
}

/**
 * The consultancy carries the open comments of a document's previous revision over to this one (its
 * newest): each becomes a comment of this revision, with its pin, naming the one it continues. A
 * comment already carried over is not carried again; the earlier revision keeps its own.
 */
export async function carryOverComments({ actor, jobId, revisionId }: { actor: MaybeActor; jobId: string; revisionId: string }): Promise<{ carried: number }> {
  requireAdmin(actor)
  const { db } = getAppContext()
  return db.transaction(async (tx) => {
    const { actor: a, job } = await lockJob(tx, actor, jobId)
    const revision = await revisionFor(tx, a, job, revisionId)
    const [previous] = await tx
      .select({ id: deliverableRevisions.id })
      .from(deliverableRevisions)
      .where(and(eq(deliverableRevisions.jobId, job.id), eq(deliverableRevisions.document, revision.document), eq(deliverableRevisions.sequence, revision.sequence - 1)))
      .limit(1)
    if (!previous) throw new AppError('CONFLICT', 'This is the first revision of its document: there is nothing to carry over')
    const open = await tx
      .select()
      .from(revisionComments)
      .where(and(eq(revisionComments.revisionId, previous.id), isNull(revisionComments.parentId), isNull(revisionComments.resolvedAt)))
    const already = new Set(
      (await tx.select({ from: revisionComments.carriedFromId }).from(revisionComments).where(eq(revisionComments.revisionId, revision.id))).map((r) => r.from),
    )
    const carried = open.filter((c) => !already.has(c.id))
    if (carried.length) {
      await tx.insert(revisionComments).values(
        carried.map((c) => ({ revisionId: revision.id, jobId: job.id, authorId: c.authorId, authorSide: c.authorSide, body: c.body, view: c.view, carriedFromId: c.id, createdAt: c.createdAt })),
      )
    }
    return { carried: carried.length }
  })
}
