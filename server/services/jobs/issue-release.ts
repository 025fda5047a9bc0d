import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { revisionCode } from '../../../lib/revision-codes'
import type { Actor } from '../../auth/actor'
import type { Database } from '../../db/open-database'
import { deliverableRevisions, jobReleases } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { clientRecipients } from './enqueue-job-mail'
import { keepTransmittal } from './keep-transmittal'
import type { JobRow } from './lock-job'

type Tx = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>

export interface IssuedRelease {
  id: string
  number: number
  recipients: string[]
  revisions: { document: string; code: string }[]
}

/**
 * Issues the job's revisions not yet issued, as its next release (1, 2…), in the caller's transaction
 * (the job is locked): each takes its code, the next of its document (P01, P02…), and the release keeps
 * the addresses its mail goes to, and its transmittal, rendered now and kept (a release whose
 * transmittal cannot be kept is not made). A release with nothing new is refused: a revision of a
 * deliverable must be uploaded first.
 */
export async function issueRelease(tx: Tx, actor: Actor, job: JobRow): Promise<IssuedRelease> {
  const waiting = await tx
    .select({ id: deliverableRevisions.id, document: deliverableRevisions.document })
    .from(deliverableRevisions)
    .where(and(eq(deliverableRevisions.jobId, job.id), isNull(deliverableRevisions.releaseId)))
    .orderBy(deliverableRevisions.document, deliverableRevisions.sequence)
  if (waiting.length === 0) throw new AppError('CONFLICT', 'Upload a revision of a deliverable before releasing')
  const [last] = await tx.select({ number: sql<number>`coalesce(max(${jobReleases.number}), 0)` }).from(jobReleases).where(eq(jobReleases.jobId, job.id))
  const recipients = await clientRecipients(tx, job, actor.userId)
  const [release] = await tx
    .insert(jobReleases)
    .values({ jobId: job.id, number: Number(last?.number ?? 0) + 1, releasedBy: actor.userId, recipients })
    .returning({ id: jobReleases.id, number: jobReleases.number })
  const issuedBefore = await tx
    .select({ document: deliverableRevisions.document, count: sql<number>`count(*)::int` })
    .from(deliverableRevisions)
    .where(and(eq(deliverableRevisions.jobId, job.id), isNotNull(deliverableRevisions.releaseId)))
    .groupBy(deliverableRevisions.document)
  const counts = new Map(issuedBefore.map((row) => [row.document, Number(row.count)]))
  const issuedAt = new Date()
  const revisions: IssuedRelease['revisions'] = []
  for (const revision of waiting) {
    const number = (counts.get(revision.document) ?? 0) + 1
    counts.set(revision.document, number)
    const code = revisionCode('issued', number)
    await tx.update(deliverableRevisions).set({ releaseId: release!.id, code, issuedAt }).where(eq(deliverableRevisions.id, revision.id))
    revisions.push({ document: revision.document, code })
  }
  await keepTransmittal(tx, job.id, release!)
  return { id: release!.id, number: release!.number, recipients, revisions }
}
