import type { JobFileView } from './job-view'
import type { RevisionCommentView } from './review-comments'

/**
 * A job's deliverables as documents with revisions, its releases and the client's decisions, as the
 * getJob service returns them and the job's page shows them. The consultancy sees every revision,
 * work in progress included; the client sees the revisions issued to it.
 */

export const revisionDecisionKinds = ['accepted', 'accepted_with_comments', 'returned'] as const
export type RevisionDecision = (typeof revisionDecisionKinds)[number]

export const revisionDecisionLabels: Record<RevisionDecision, string> = {
  accepted: 'Accepted',
  accepted_with_comments: 'Accepted with comments',
  returned: 'Returned with comments',
}

/**
 * Where a revision stands: work in progress (uploaded, not issued: the consultancy's only), issued
 * (waiting for the client's decision), accepted, accepted with comments, returned, or superseded (a
 * later revision of the document was issued before any decision on this one).
 */
export type RevisionStatus = 'work in progress' | 'issued' | 'superseded' | RevisionDecision

export interface RevisionDecisionView {
  decision: RevisionDecision
  comment: string | null
  /** The code an accepted revision took (C01…); null when returned. */
  acceptedCode: string | null
  /** Who decided, by name and address. */
  by: string
  byEmail: string
  at: string
  /** The revision's SHA-256 as decided on. */
  sha256: string
}

export interface RevisionView {
  id: string
  /** P01, P02… once issued; null while work in progress. */
  code: string | null
  /** 1, 2… in upload order within the document. */
  sequence: number
  status: RevisionStatus
  file: JobFileView
  /** The file's SHA-256, in hex. */
  sha256: string
  uploadedAt: string
  /** Who issued it (the consultancy's name) and when; null while work in progress. */
  issuedBy: string | null
  issuedAt: string | null
  /** The number of the release that issued it. */
  release: number | null
  decision: RevisionDecisionView | null
  /** The viewer may decide on it now: an approver, on a revision of the release waiting for a decision. */
  canDecide: boolean
  /** The consultancy may take it back: never once issued. */
  canRemove: boolean
  /** Its comments, oldest first, each with its replies. */
  comments: RevisionCommentView[]
  /** The viewer may comment on it (and reply, resolve, reopen). */
  canComment: boolean
  /** The consultancy may carry the previous revision's open comments over to it (its document's newest). */
  canCarryOver: boolean
  /** Where its comments download as BCF. */
  bcfUrl: string
}

/** A deliverable document: its revisions, the current one (the newest the viewer sees) first. */
export interface DeliverableDocumentView {
  document: string
  revisions: RevisionView[]
}

export interface ReleaseView {
  number: number
  at: string
  by: string
  /** The addresses the release was mailed to. */
  recipients: string[]
  /** Each document's revision issued by the release. */
  revisions: { document: string; code: string; sha256: string }[]
  /** Where its transmittal downloads as a PDF. */
  transmittalUrl: string
}

export interface ReviewView {
  documents: DeliverableDocumentView[]
  /** Every release, newest first. */
  releases: ReleaseView[]
  /** Where the certificate of the decisions downloads as a PDF; null while none was made. */
  certificateUrl: string | null
}
