import type { ResultSummary } from './simulation-results/result-summary'
import type { JobAbilities } from './job-abilities'
import type { JobSide, JobStage } from './job-stages'
import type { PricedLine } from './quote-schema'
import type { ReviewView } from './review-view'

/**
 * What a job's page shows, as the getJob service returns it and the page renders it: the job, what
 * the viewer may do, the timeline, the quotes, the files, the deliverables and the thread.
 */

/** One entry of a job's timeline. */
export interface JobEventView {
  id: string
  from: string | null
  to: JobStage | string
  /** Who made the move, as the other side reads it: the client's name, or the company's. */
  by: string
  side: JobSide
  note: string | null
  at: string
}

export interface QuoteView {
  id: string
  /** Q-000123 */
  number: string
  status: 'sent' | 'accepted' | 'declined' | 'superseded' | string
  lines: PricedLine[]
  vatPercent: number
  subtotalPence: number
  vatPence: number
  totalPence: number
  validUntil: string
  /** The quote can no longer be accepted: its date has passed. */
  expired: boolean
  note: string | null
  declineReason: string | null
  createdAt: string
  decidedAt: string | null
  /** Where the quote downloads as a PDF. */
  pdfUrl: string
}

export interface JobFileView {
  path: string
  name: string
  size: number
  url: string
  /** Where the file's picture is served once the viewer has rendered the model or drawing, else null. */
  thumbnailUrl: string | null
  /** The viewer may keep the picture its preview renders: the file's uploader or the consultancy. */
  canSetThumbnail: boolean
  /** A simulation result's key numbers, read when it was uploaded (absent or null for other files). */
  keyNumbers?: ResultSummary | null
}

export interface JobMessageView {
  id: string
  body: string
  author: string
  side: JobSide
  /** Written by the person reading. */
  mine: boolean
  files: JobFileView[]
  at: string
  /** The comment on a revision the message tells of: the thread opens it on the model. */
  revisionComment?: { id: string; revisionId: string } | null
}

/** The job request's own fields, as stored. */
export interface JobRecord {
  id: string
  user: string
  job: string | null
  reference: string | null
  instructions: string | null
  status: string | null
  priority: string | null
  completedAt: string | null
  releasedAt: string | null
  /** The day a quote was accepted: from then on the job is kept as the consultancy's record. */
  acceptedAt: string | null
  /** The day the consultancy archived it; null while it is active. */
  archivedAt: string | null
  createdAt: string
  updatedAt: string
}

export interface JobView {
  job: JobRecord
  /** The side the viewer acts for. */
  side: JobSide
  /** What the viewer may do now (lib/job-abilities.ts, the table the services enforce). */
  can: JobAbilities
  /** The job's request, then every move, oldest first. */
  timeline: JobEventView[]
  /** Every quote, newest first; the first one with status "sent" waits for the client. */
  quotes: QuoteView[]
  /** The client's documents of the job (job-files/{id}/). */
  files: JobFileView[]
  /**
   * The current revision's file of each deliverable document the viewer sees (for the client: the
   * revisions issued to it); null for the client before the first release.
   */
  deliverables: JobFileView[] | null
  /** The deliverables as documents with revisions, the releases and the decisions on them. */
  review: ReviewView
  /** The thread, oldest first (newest last). */
  messages: JobMessageView[]
  /** The client's email address, for the consultancy; null for the client (it is theirs). */
  clientEmail: string | null
  /** Whether mail about the job comes to the client viewer (their own choice, else by their part in it); null for the consultancy. */
  following: boolean | null
}

