/**
 * The stages of a job, from the client's request to the delivered results, and who may move a job
 * from one stage to the next. One table, read by the services (which enforce it) and by the job page
 * (which offers only the moves the viewer may make).
 *
 *   pending → quoted (the consultancy sends a quote) → accepted (the client accepts it)
 *           → in progress → in review → released (the consultancy issues revisions of the deliverables)
 *           → completed (an approver of the client accepts every revision of the release)
 *   A release returned with comments goes back to in progress, for the next revisions and release.
 *   The consultancy may also close a released job with a note (completed without the client's
 *   acceptance), and nothing completes a job otherwise.
 *   A quote the client declines makes the job "declined"; the consultancy may quote it again.
 *   The consultancy may decline a request it will not take, and cancel any job not yet released;
 *   the client may cancel (withdraw) its own request until it accepts a quote.
 * The same table says what may happen to a job as a whole (jobRecordAbilities): deleted, archived.
 */
export const jobStages = ['pending', 'quoted', 'accepted', 'in_progress', 'in_review', 'released', 'completed', 'declined', 'cancelled'] as const
export type JobStage = (typeof jobStages)[number]

/** The stage as people read it ("in progress"). */
export function stageLabel(stage: string | null | undefined): string {
  return (stage ?? 'pending').replace(/_/g, ' ')
}

export function isJobStage(value: unknown): value is JobStage {
  return typeof value === 'string' && (jobStages as readonly string[]).includes(value)
}

/** Who makes a move: the consultancy (an admin) or the client who owns the job. */
export type JobSide = 'consultancy' | 'client'

export interface StageMove {
  from: JobStage
  to: JobStage
  by: JobSide
  /**
   * Moves made by a quote (sent, accepted, declined) or by the client's decision on a release
   * (accepted, returned) happen only through those operations, never by hand.
   */
  via?: 'quote' | 'decision'
  /** The move needs a note saying why (the consultancy closing a job its client has not accepted). */
  needsNote?: boolean
}

export const stageMoves: readonly StageMove[] = [
  { from: 'pending', to: 'quoted', by: 'consultancy', via: 'quote' },
  { from: 'quoted', to: 'quoted', by: 'consultancy', via: 'quote' },
  { from: 'declined', to: 'quoted', by: 'consultancy', via: 'quote' },
  { from: 'quoted', to: 'accepted', by: 'client', via: 'quote' },
  { from: 'quoted', to: 'declined', by: 'client', via: 'quote' },
  { from: 'pending', to: 'declined', by: 'consultancy' },
  { from: 'accepted', to: 'in_progress', by: 'consultancy' },
  { from: 'in_progress', to: 'in_review', by: 'consultancy' },
  { from: 'in_review', to: 'in_progress', by: 'consultancy' },
  { from: 'in_progress', to: 'released', by: 'consultancy' },
  { from: 'in_review', to: 'released', by: 'consultancy' },
  { from: 'released', to: 'completed', by: 'client', via: 'decision' },
  { from: 'released', to: 'in_progress', by: 'client', via: 'decision' },
  { from: 'released', to: 'completed', by: 'consultancy', needsNote: true },
  { from: 'pending', to: 'cancelled', by: 'client' },
  { from: 'quoted', to: 'cancelled', by: 'client' },
  ...(['pending', 'quoted', 'accepted', 'in_progress', 'in_review', 'declined'] as const).map((from) => ({ from, to: 'cancelled' as const, by: 'consultancy' as const })),
]

/** The moves a side may make by hand (not through a quote or a decision) from a stage. */
export function manualMovesFrom(stage: string | null | undefined, by: JobSide): JobStage[] {
  const from = isJobStage(stage) ? stage : 'pending'
  return stageMoves.filter((m) => m.from === from && m.by === by && !m.via).map((m) => m.to)
}

/** How a move is made: by hand, through a quote's operations, or by the client's decision on a release. */
export type MoveWay = 'hand' | 'quote' | 'decision'

/** Whether a side may make this move, made the given way. */
export function canMove(from: string | null | undefined, to: JobStage, by: JobSide, way: MoveWay = 'hand'): boolean {
  const stage = isJobStage(from) ? from : 'pending'
  return stageMoves.some((m) => m.from === stage && m.to === to && m.by === by && (m.via ?? 'hand') === way)
}

/** Whether the move by hand needs a note (closing a released job without the client's acceptance). */
export function moveNeedsNote(from: string | null | undefined, to: JobStage, by: JobSide): boolean {
  const stage = isJobStage(from) ? from : 'pending'
  return stageMoves.some((m) => m.from === stage && m.to === to && m.by === by && !m.via && m.needsNote === true)
}

/** The words on the button that makes a move. */
export const moveLabels: Partial<Record<JobStage, string>> = {
  in_progress: 'Start work',
  in_review: 'Move to review',
  completed: 'Close with a note',
  released: 'Release results',
  declined: 'Decline request',
  cancelled: 'Cancel job',
}

/**
 * Stages at which a job may be deleted with everything it holds (quotes, timeline, thread, files), by
 * its client or the consultancy, and only while no quote of it was ever accepted: until then it is
 * the client's request; from the acceptance on it is the consultancy's business record, kept whatever
 * stage follows (a job cancelled after acceptance included).
 */
export const deletableStages: readonly JobStage[] = ['pending', 'declined', 'cancelled']

/**
 * Stages at which the consultancy may archive a job: nothing is left to do on it. An archived job is
 * hidden from the active job lists and keeps everything; the consultancy brings it back, and a job
 * that moves again (a declined request quoted anew) is active again.
 */
export const archivableStages: readonly JobStage[] = ['completed', 'cancelled', 'declined']

/** What the record rules read of a job. */
export interface JobRecordState {
  status: string | null
  /** The day a quote of it was accepted; null while none was. */
  acceptedAt: string | null
  /** The day the consultancy archived it; null while it is active. */
  archivedAt: string | null
}

/** What a side may do to a job as a whole (the client: to its own job). */
export interface JobRecordAbilities {
  delete: boolean
  archive: boolean
  unarchive: boolean
}

/**
 * Whether a side may delete, archive or bring back a job now. An archived job is not deleted: the
 * consultancy filed it to keep it, and brings it back first.
 */
export function jobRecordAbilities(job: JobRecordState, by: JobSide): JobRecordAbilities {
  const stage = isJobStage(job.status) ? job.status : 'pending'
  const archived = job.archivedAt !== null
  return {
    delete: job.acceptedAt === null && !archived && deletableStages.includes(stage),
    archive: by === 'consultancy' && !archived && archivableStages.includes(stage),
    unarchive: by === 'consultancy' && archived,
  }
}
