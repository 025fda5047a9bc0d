import { and, desc, eq, gt, inArray, isNotNull } from 'drizzle-orm'
import { jobAbilities } from '../../../lib/job-abilities'
import { canMove, stageLabel, type JobStage } from '../../../lib/job-stages'
import { revisionDecisionSchema } from '../../../lib/review-schema'
import { revisionDecisionLabels, type RevisionDecision, type RevisionDecisionView } from '../../../lib/review-view'
import { revisionCode } from '../../../lib/revision-codes'
import { getAppContext } from '../../context/app-context'
import { deliverableRevisions, jobReleases, profiles, revisionDecisions, users } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { recordAudit } from '../audit/record-audit'
import { displayNameFrom } from '../profiles/get-display-name'
import { requireClientRole, type MaybeActor } from '../shared/authorize'
import { sideOf, viewerOf } from '../shared/job-viewer'
import { parseInput } from '../shared/parse-input'
import { enqueueJobMail } from '../jobs/enqueue-job-mail'
import { lockJob } from '../jobs/lock-job'
import { recordStageMove } from '../jobs/record-stage-move'

export interface DecideRevisionOptions {
  actor: MaybeActor
  jobId: string
  /** The revision, the decision and its comment (revisionDecisionSchema). */
  input: unknown
  /** Where the decision came from, kept with it. */
  ip?: string | null
  userAgent?: string | null
}

/** A decision as made, with the stage the job is at after it. */
export interface DecidedRevision extends RevisionDecisionView {
  revisionId: string
  document: string
  /** The revision's code as issued (P01…). */
  code: string | null
  /** The job's stage once the decision is recorded: still released while revisions wait, else completed or in progress. */
  jobStatus: string
}

const acceptedKinds: RevisionDecision[] = ['accepted', 'accepted_with_comments']

/**
 * An approver or owner of the job's company decides on one issued revision of the job's latest
 * release while the job is released (the `signOff` ability): accepted, accepted with comments or
 * returned with comments. The decision keeps who made it (name and address as they are now), when,
 * from which address and browser, and the revision's SHA-256; an accepted revision takes the next
 * accepted code of its document (C01, C02…). A revision is decided once: the next word on it is a new
 * revision; of two revisions of one document issued together, the newer is the one decided. Once each
 * document of the release is decided, the job moves on by the client's decision:
 * completed when none was returned, back to in progress when any was. The consultancy is mailed.
 */
export async function decideRevision({ actor, jobId, input, ip, userAgent }: DecideRevisionOptions): Promise<DecidedRevision> {
  const fields = parseInput(revisionDecisionSchema, input)
  const { db } = getAppContext()
  return db.transaction(async (tx) => {
    const { actor: a, job } = await lockJob(tx, actor, jobId)
    // The consultancy does not decide for its client, nor does a member or a viewer of the company.
    if (sideOf(a) !== 'client') throw new AppError('UNAUTHORIZED')
    requireClientRole(a, 'decide')
    if (!jobAbilities(job, viewerOf(a, job)).signOff) throw new AppError('CONFLICT', `This job is ${stageLabel(job.status)}: no release waits for your decision`)

    const [revision] = await tx
      .select()
      .from(deliverableRevisions)
      .where(and(eq(deliverableRevisions.id, fields.revisionId), eq(deliverableRevisions.jobId, job.id), isNotNull(deliverableRevisions.releaseId)))
      .limit(1)
    // A revision not yet issued is the consultancy's work: the client is told it is not there.
    if (!revision?.releaseId) throw new AppError('NOT_FOUND', 'Revision not found', { fieldErrors: { revisionId: ['Choose a revision of this job'] } })
    const [earlier] = await tx.select({ id: revisionDecisions.id }).from(revisionDecisions).where(eq(revisionDecisions.revisionId, revision.id)).limit(1)
    if (earlier) throw new AppError('CONFLICT', 'This revision was already decided: a new revision follows it')
    const [release] = await tx.select({ id: jobReleases.id, number: jobReleases.number }).from(jobReleases).where(eq(jobReleases.jobId, job.id)).orderBy(desc(jobReleases.number)).limit(1)
    if (!release || release.id !== revision.releaseId) throw new AppError('CONFLICT', 'This revision belongs to an earlier release: decide on the revisions of the latest one')
    // A release that issued two revisions of one document waits for a decision on the newer only.
    const [later] = await tx
      .select({ id: deliverableRevisions.id })
      .from(deliverableRevisions)
      .where(and(eq(deliverableRevisions.jobId, job.id), eq(deliverableRevisions.document, revision.document), isNotNull(deliverableRevisions.releaseId), gt(deliverableRevisions.sequence, revision.sequence)))
      .limit(1)
    if (later) throw new AppError('CONFLICT', 'A later revision of this document was issued: decide on that one')

    const decision = fields.decision
    const comment = fields.comment || null
    let acceptedCode: string | null = null
    if (acceptedKinds.includes(decision)) {
      const accepted = await tx
        .select({ id: revisionDecisions.id })
        .from(revisionDecisions)
        .innerJoin(deliverableRevisions, eq(deliverableRevisions.id, revisionDecisions.revisionId))
        .where(and(eq(deliverableRevisions.jobId, job.id), eq(deliverableRevisions.document, revision.document), inArray(revisionDecisions.decision, acceptedKinds)))
      acceptedCode = revisionCode('accepted', accepted.length + 1)
    }

    const [person] = await tx
      .select({ email: users.email, nickname: profiles.nickname, givenName: profiles.givenName, familyName: profiles.familyName })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, a.userId))
      .limit(1)
    if (!person) throw new AppError('UNAUTHORIZED')
    const name = displayNameFrom(person)

    const [row] = await tx
      .insert(revisionDecisions)
      .values({
        revisionId: revision.id,
        jobId: job.id,
        decision,
        comment,
        acceptedCode,
        decidedBy: a.userId,
        decidedByName: name,
        decidedByEmail: person.email,
        ip: ip ?? null,
        userAgent: userAgent ?? null,
        sha256: revision.sha256,
      })
      .returning()

    const label = revisionDecisionLabels[decision]
    const issued = `${revision.document} ${revision.code ?? ''}`.trim()
    await recordAudit(tx, { actor: a, subjectUserId: job.user, action: 'decide-revision', details: { id: job.id, revisionId: revision.id, decision } })
    await enqueueJobMail(tx, {
      to: 'consultancy',
      job,
      actorId: a.userId,
      what: `${issued} ${label.toLowerCase()}`,
      text: `${name} (${person.email}) decided on ${issued} of release ${release.number}: ${label}${acceptedCode ? `, now ${acceptedCode}` : ''}.${comment ? `\n\n${decision === 'returned' ? 'Their reason' : 'Their comments'}: ${comment}` : ''}`,
    })

    let jobStatus = job.status ?? 'released'
    // The release's current revisions: the newest it issued of each document.
    const issuedByRelease = await tx
      .select({ document: deliverableRevisions.document, sequence: deliverableRevisions.sequence, code: deliverableRevisions.code, decision: revisionDecisions.decision, acceptedCode: revisionDecisions.acceptedCode })
      .from(deliverableRevisions)
      .leftJoin(revisionDecisions, eq(revisionDecisions.revisionId, deliverableRevisions.id))
      .where(eq(deliverableRevisions.releaseId, release.id))
      .orderBy(deliverableRevisions.document, desc(deliverableRevisions.sequence))
    const released = issuedByRelease.filter((r, i) => i === 0 || issuedByRelease[i - 1]!.document !== r.document)
    if (released.every((r) => r.decision !== null)) {
      const returned = released.filter((r) => r.decision === 'returned')
      const to: JobStage = returned.length > 0 ? 'in_progress' : 'completed'
      if (!canMove(job.status, to, 'client', 'decision')) throw new AppError('CONFLICT', `A job that is ${stageLabel(job.status)} cannot move to ${stageLabel(to)}`)
      const note =
        to === 'completed'
          ? `Release ${release.number} accepted: ${released.map((r) => `${r.document} ${r.acceptedCode}`).join(', ')}`
          : `Release ${release.number} returned with comments: ${returned.map((r) => `${r.document} ${r.code ?? ''}`.trim()).join(', ')}`
      const moved = await recordStageMove(tx, a, job, to, note)
      jobStatus = moved.status ?? to
    }

    return {
      revisionId: revision.id,
      document: revision.document,
      code: revision.code,
      decision,
      comment: row!.comment,
      acceptedCode: row!.acceptedCode,
      by: row!.decidedByName,
      byEmail: row!.decidedByEmail,
      at: row!.createdAt.toISOString(),
      sha256: row!.sha256,
      jobStatus,
    }
  })
}
