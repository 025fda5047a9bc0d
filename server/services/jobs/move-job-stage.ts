import { jobAbilities } from '../../../lib/job-abilities'
import { isJobStage, moveNeedsNote, stageLabel, type JobStage } from '../../../lib/job-stages'
import { closeJobSchema } from '../../../lib/review-schema'
import { stageMoveSchema } from '../../../lib/quote-schema'
import { getAppContext } from '../../context/app-context'
import { AppError } from '../../errors/app-error'
import { toJobRequest, type JobRequest } from './job-request-types'
import { type MaybeActor } from '../shared/authorize'
import { parseInput } from '../shared/parse-input'
import { enqueueJobMail } from './enqueue-job-mail'
import { sideOf, viewerOf } from '../shared/job-viewer'
import { lockJob } from './lock-job'
import { recordStageMove } from './record-stage-move'
import { issueRelease } from './issue-release'
import { transmittalAttachment } from '../../mail/mail-message-schema'

export interface MoveJobStageOptions {
  actor: MaybeActor
  jobId: string
  to: string
  note?: string | null
}

/**
 * A move made by hand (the moves made by a quote go through sendQuote and decideQuote, those made by
 * the client's decision on a release through decideRevision): allowed only from the stages and for the
 * side the job's abilities name (lib/job-abilities.ts). The consultancy moves a job through its work
 * (in progress, in review, released), closes a released job its client has not accepted (completed,
 * with a note saying why: required), declines a request or cancels a job; the client may cancel its
 * own request until it accepts a quote. The other side is mailed; releasing the results and closing
 * the job are always mailed, the other stage changes only to a client who has not turned them off.
 */
export async function moveJobStage({ actor, jobId, to, note }: MoveJobStageOptions): Promise<JobRequest> {
  const fields = parseInput(stageMoveSchema, { note: note ?? undefined })
  if (!isJobStage(to)) throw new AppError('BAD_REQUEST', 'Unknown stage', { fieldErrors: { to: ['Unknown stage'] } })
  const { db } = getAppContext()
  return db.transaction(async (tx) => {
    const { actor: a, job } = await lockJob(tx, actor, jobId)
    const side = sideOf(a)
    if (!jobAbilities(job, viewerOf(a, job)).move.includes(to as JobStage)) {
      // A client asking for a move that is not theirs is refused as any unauthorised act.
      if (side === 'client') throw new AppError('UNAUTHORIZED')
      throw new AppError('CONFLICT', `A job that is ${stageLabel(job.status)} cannot move to ${stageLabel(to)}`)
    }
    // Closing a job without the client's acceptance says why; a release issues the revisions uploaded
    // since the last one (refused when there are none).
    const closing = moveNeedsNote(job.status, to as JobStage, side)
    const note = closing ? parseInput(closeJobSchema, { note: fields.note }).note : fields.note
    const release = to === 'released' ? await issueRelease(tx, a, job) : null
    const moved = await recordStageMove(tx, a, job, to as JobStage, note)
    const said = note ? `\n\nNote: ${note}` : ''
    if (closing) {
      await enqueueJobMail(tx, {
        to: 'client',
        job,
        actorId: a.userId,
        what: 'job closed',
        text: `We closed this job without waiting for your decision on its release.${said}`,
      })
    } else if (side === 'consultancy') {
      await enqueueJobMail(tx, {
        to: 'client',
        job,
        actorId: a.userId,
        what: release ? `release ${release.number} issued for review` : `now ${stageLabel(to)}`,
        text: release
          ? `Release ${release.number} of your job is ready for review:\n${release.revisions.map((r) => `  ${r.document}: revision ${r.code}`).join('\n')}\n\nYou can download each revision from the job's page, where an approver of your company accepts it or returns it with comments.${said}`
          : `Your job moved from ${stageLabel(job.status)} to ${stageLabel(to)}.${said}`,
        optional: !release,
        // A release's mail carries its transmittal (rendered as the mail is sent).
        ...(release ? { attachments: [transmittalAttachment(job.id, release.number)] } : {}),
      })
    } else if (side === 'client') {
      await enqueueJobMail(tx, { to: 'consultancy', job, actorId: a.userId, what: `cancelled by the client`, text: `The client cancelled this job request.${said}` })
    }
    return toJobRequest(moved)
  })
}
