import { eq } from 'drizzle-orm'
import { stageLabel, type JobStage } from '../../../lib/job-stages'
import type { Actor } from '../../auth/actor'
import type { Database } from '../../db/open-database'
import { jobEvents, jobRequests } from '../../db/schema'
import { recordAudit } from '../audit/record-audit'
import { sideOf } from '../shared/job-viewer'
import type { JobRow } from './lock-job'

/**
 * Moves a locked job to `to` and keeps the move on its timeline: who, when, the note. Reaching
 * "accepted" sets acceptedAt (from then on the job is never deleted), "released" releasedAt (the
 * latest release), "completed" completedAt (each the day, UTC). A job that moves is active again: out of the archive.
 * The caller checked that the move is allowed.
 */
export async function recordStageMove(tx: Pick<Database, 'update' | 'insert'>, actor: Actor, job: JobRow, to: JobStage, note?: string | null): Promise<JobRow> {
  const day = new Date().toISOString().slice(0, 10)
  const [updated] = await tx
    .update(jobRequests)
    .set({
      status: to,
      updatedAt: new Date(),
      archivedAt: null,
      ...(to === 'accepted' ? { acceptedAt: day } : {}),
      ...(to === 'completed' ? { completedAt: day } : {}),
      ...(to === 'released' ? { releasedAt: day } : {}),
    })
    .where(eq(jobRequests.id, job.id))
    .returning()
  await tx.insert(jobEvents).values({ jobId: job.id, fromStage: job.status, toStage: to, actorId: actor.userId, actorSide: sideOf(actor), note: note || null })
  await recordAudit(tx, { actor, subjectUserId: job.user, action: 'move-job-stage', details: { id: job.id, from: job.status, to, label: stageLabel(to) } })
  return updated!
}
