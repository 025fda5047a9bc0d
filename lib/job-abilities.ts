import { companyRoleAbilities, type CompanyRole } from './company-roles'
import { canMove, jobRecordAbilities, manualMovesFrom, type JobSide, type JobStage } from './job-stages'

/**
 * What a viewer may do with a job at its stage: one table, read by the services (each operation asks
 * it before acting) and by the pages (which offer only what it allows). A test walks every stage and
 * viewer and checks that the page's offer and the server's answer agree.
 */

/**
 * Who looks at the job: the consultancy (an admin), or a member of a client company, who acts only on
 * their company's jobs and as their role allows.
 */
export interface JobViewer {
  side: JobSide
  /** The job is the viewer's company's (always true for the consultancy, which acts on every job). */
  owns: boolean
  /** A client's role in the company (the consultancy's side has none). */
  role?: CompanyRole | null
}

/** What the table reads of a job. */
export interface JobAbilityState {
  status: string | null
  acceptedAt: string | Date | null
  archivedAt: string | Date | null
  /** The day of the job's first release; null (or absent) while nothing was issued to the client. */
  releasedAt?: string | Date | null
}

export interface JobAbilities {
  /** See the job, its files and its thread: its client and the consultancy. */
  view: boolean
  /** Stages the viewer may move the job to by hand. */
  move: JobStage[]
  /** Write (or rewrite) a quote: the consultancy, while the job is pending, quoted or declined. */
  quote: boolean
  /** Accept or decline the current quote: its client, while the job is quoted. */
  decide: boolean
  /**
   * Upload revisions of deliverables: the consultancy, while the job is worked on (not while a release
   * waits for the client's decision, nor once the job is completed, cancelled or declined).
   */
  deliver: boolean
  /** Remove a revision not yet issued: the consultancy, at any stage (an issued revision is kept for good). */
  removeDeliverables: boolean
  /** Read the deliverables: the consultancy always (work in progress included), the client the revisions issued to it. */
  readDeliverables: boolean
  /**
   * Decide on the issued revisions of a release (accept, accept with comments, return with comments):
   * an approver or owner of the client company, while the release waits.
   */
  signOff: boolean
  /** Write on the job's thread (and attach files to a message): both sides, at every stage. */
  message: boolean
  /** Add documents to the job's files: its client and the consultancy, at every stage. */
  addFiles: boolean
  /** Delete the job with everything it holds: either side, only before a quote was accepted (pending, declined, cancelled). */
  delete: boolean
  /** Archive it (hidden from the active lists, all kept): the consultancy, once nothing is left to do. */
  archive: boolean
  /** Bring it back from the archive: the consultancy. */
  unarchive: boolean
}

/** The names of the abilities that are yes or no (every one but `move`). */
export type JobAbility = Exclude<keyof JobAbilities, 'move'>

/** Stages after which the consultancy delivers no more results. */
const closedForDelivery: readonly string[] = ['released', 'completed', 'cancelled', 'declined']

const nothing: JobAbilities = {
  view: false,
  move: [],
  quote: false,
  decide: false,
  deliver: false,
  removeDeliverables: false,
  readDeliverables: false,
  signOff: false,
  message: false,
  addFiles: false,
  delete: false,
  archive: false,
  unarchive: false,
}

/**
 * A client's role narrows what the client side may do: a viewer only reads, a member works on the job
 * (moves it, writes, adds files, withdraws it) but only an approver or an owner accepts or declines a quote.
 */
export function jobAbilities(job: JobAbilityState, viewer: JobViewer): JobAbilities {
  if (!viewer.owns) return nothing
  const { side } = viewer
  const consultancy = side === 'consultancy'
  const role = consultancy ? { work: true, decide: true } : companyRoleAbilities(viewer.role)
  const stage = job.status ?? 'pending'
  const record = jobRecordAbilities({ status: job.status, acceptedAt: isoOrNull(job.acceptedAt), archivedAt: isoOrNull(job.archivedAt) }, side)
  return {
    view: true,
    move: role.work ? manualMovesFrom(job.status, side) : [],
    quote: consultancy && canMove(job.status, 'quoted', 'consultancy', 'quote'),
    decide: !consultancy && role.decide && canMove(job.status, 'accepted', 'client', 'quote'),
    deliver: consultancy && !closedForDelivery.includes(stage),
    removeDeliverables: consultancy,
    readDeliverables: consultancy || (job.releasedAt ?? null) !== null,
    signOff: !consultancy && role.decide && canMove(job.status, 'completed', 'client', 'decision'),
    message: role.work,
    addFiles: role.work,
    ...record,
    delete: record.delete && role.work,
  }
}

function isoOrNull(value: string | Date | null): string | null {
  if (value === null) return null
  return typeof value === 'string' ? value : value.toISOString()
}

/**
 * Comment on the job's revisions, reply, resolve and reopen: whoever writes on its thread (the
 * consultancy, a client company's members but its viewers) and reads its deliverables. The server
 * checks every comment against it and the page offers the Comment tool, Reply and Resolve by it.
 */
export function mayCommentOnRevisions(can: Pick<JobAbilities, 'message' | 'readDeliverables'>): boolean {
  return can.message && can.readDeliverables
}
