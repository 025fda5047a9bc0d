import { mayCommentOnRevisions, type JobAbilities } from '../../../lib/job-abilities'
import type { JobFileView } from '../../../lib/job-view'
import type { JobSide } from '../../../lib/job-stages'
import type { DeliverableDocumentView, ReleaseView, RevisionDecision, RevisionView, ReviewView } from '../../../lib/review-view'
import { certificateUrl, revisionBcfUrl, transmittalUrl } from '../../../lib/review-documents'
import type { RevisionCommentView } from '../../../lib/review-comments'
import type { deliverableRevisions, jobReleases, revisionComments, revisionDecisions } from '../../db/schema'

export type RevisionRow = typeof deliverableRevisions.$inferSelect
/** A release as the page reads it (its kept transmittal is the download's). */
export type ReleaseRow = Omit<typeof jobReleases.$inferSelect, 'transmittalPdf'>
export type DecisionRow = typeof revisionDecisions.$inferSelect
/** A comment with its author's name as the viewer reads it. */
export type CommentRow = typeof revisionComments.$inferSelect & { authorName: string }

export interface ReviewRows {
  jobId: string
  side: JobSide
  can: Pick<JobAbilities, 'readDeliverables' | 'removeDeliverables' | 'signOff' | 'message'>
  /** The person reading. */
  viewerId: string
  revisions: RevisionRow[]
  releases: ReleaseRow[]
  decisions: DecisionRow[]
  comments: CommentRow[]
  /** The stored files of the job's deliverables folder, by path, as the page shows them. */
  files: Map<string, JobFileView>
  /** How the consultancy is named to the viewer. */
  consultancyName: string
  /** The names of the people who resolved comments, by id. */
  names: Map<string, string>
}


/**
 * The job's deliverables as documents with revisions, its releases and the decisions, as the viewer
 * may see them: the consultancy every revision, the client the issued ones only (work in progress
 * stays the consultancy's). Besides, the files of the deliverables each viewer sees: the current
 * revision of each document, and any file kept from before revisions were recorded.
 */
export function reviewViewOf(rows: ReviewRows): { review: ReviewView; currentFiles: JobFileView[] | null } {
  const { side, can } = rows
  const mayComment = mayCommentOnRevisions(can)
  if (!can.readDeliverables) return { review: { documents: [], releases: [], certificateUrl: null }, currentFiles: null }
  const visible = side === 'consultancy' ? rows.revisions : rows.revisions.filter((r) => r.releaseId !== null)
  const releaseById = new Map(rows.releases.map((r) => [r.id, r]))
  const latestRelease = rows.releases.reduce<ReleaseRow | null>((latest, r) => (latest === null || r.number > latest.number ? r : latest), null)
  const decisionOf = new Map(rows.decisions.map((d) => [d.revisionId, d]))
  const byDocument = new Map<string, RevisionRow[]>()
  for (const revision of visible) byDocument.set(revision.document, [...(byDocument.get(revision.document) ?? []), revision])

  const codeOf = new Map(rows.revisions.map((r) => [r.id, r.code]))
  const commentById = new Map(rows.comments.map((c) => [c.id, c]))
  const commentsOf = (revisionId: string): RevisionCommentView[] =>
    rows.comments
      .filter((c) => c.revisionId === revisionId && c.parentId === null)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((c) => {
        const from = c.carriedFromId ? commentById.get(c.carriedFromId) : undefined
        return {
          id: c.id,
          revisionId,
          revisionCode: codeOf.get(revisionId) ?? null,
          author: c.authorId === rows.viewerId ? 'You' : c.authorName,
          side: c.authorSide as 'client' | 'consultancy',
          mine: c.authorId === rows.viewerId,
          body: c.body,
          view: c.view ?? null,
          resolvedBy: c.resolvedBy === null ? null : c.resolvedBy === rows.viewerId ? 'You' : (rows.names.get(c.resolvedBy) ?? 'Someone'),
          resolvedAt: c.resolvedAt ? c.resolvedAt.toISOString() : null,
          carriedFrom: from ? (codeOf.get(from.revisionId) ?? 'an earlier revision') : null,
          at: c.createdAt.toISOString(),
          replies: rows.comments
            .filter((reply) => reply.parentId === c.id)
            .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
            .map((reply) => ({ id: reply.id, author: reply.authorId === rows.viewerId ? 'You' : reply.authorName, side: reply.authorSide as 'client' | 'consultancy', mine: reply.authorId === rows.viewerId, body: reply.body, at: reply.createdAt.toISOString() })),
          canResolve: mayComment,
        }
      })
  const documents: DeliverableDocumentView[] = []
  const currentFiles: JobFileView[] = []
  for (const [document, revisions] of [...byDocument].sort(([a], [b]) => a.localeCompare(b))) {
    revisions.sort((a, b) => b.sequence - a.sequence)
    const newestIssued = revisions.find((r) => r.releaseId !== null) ?? null
    const views = revisions.flatMap((r): RevisionView[] => {
      const file = rows.files.get(r.path)
      if (!file) return []
      const decision = decisionOf.get(r.id) ?? null
      const release = r.releaseId ? releaseById.get(r.releaseId) : undefined
      const supersededBy = r.releaseId !== null && newestIssued !== null && newestIssued.id !== r.id
      return [
        {
          id: r.id,
          code: r.code,
          sequence: r.sequence,
          status: decision ? (decision.decision as RevisionDecision) : r.releaseId === null ? 'work in progress' : supersededBy ? 'superseded' : 'issued',
          file,
          sha256: r.sha256,
          uploadedAt: r.createdAt.toISOString(),
          issuedBy: release ? rows.consultancyName : null,
          issuedAt: r.issuedAt ? r.issuedAt.toISOString() : null,
          release: release?.number ?? null,
          decision: decision
            ? {
                decision: decision.decision as RevisionDecision,
                comment: decision.comment,
                acceptedCode: decision.acceptedCode,
                by: decision.decidedByName,
                byEmail: decision.decidedByEmail,
                at: decision.createdAt.toISOString(),
                sha256: decision.sha256,
              }
            : null,
          canDecide: can.signOff && decision === null && latestRelease !== null && r.releaseId === latestRelease.id && newestIssued?.id === r.id,
          canRemove: side === 'consultancy' && can.removeDeliverables && r.releaseId === null,
          comments: commentsOf(r.id),
          canComment: mayComment,
          canCarryOver: side === 'consultancy' && r.sequence > 1 && r.id === revisions[0]!.id,
          bcfUrl: revisionBcfUrl(rows.jobId, r.id),
        },
      ]
    })
    if (views.length === 0) continue
    documents.push({ document, revisions: views })
    currentFiles.push(views[0]!.file)
  }
  // Files kept from before revisions were recorded: each is its own document, shown as it was.
  const revisionPaths = new Set(rows.revisions.map((r) => r.path))
  for (const [path, file] of rows.files) if (!revisionPaths.has(path)) currentFiles.push(file)

  const releases: ReleaseView[] = [...rows.releases]
    .sort((a, b) => b.number - a.number)
    .map((release) => ({
      number: release.number,
      at: release.createdAt.toISOString(),
      by: rows.consultancyName,
      recipients: release.recipients,
      revisions: rows.revisions.filter((r) => r.releaseId === release.id).map((r) => ({ document: r.document, code: r.code ?? '', sha256: r.sha256 })),
      transmittalUrl: transmittalUrl(rows.jobId, release.number),
    }))
  return { review: { documents, releases, certificateUrl: rows.decisions.length > 0 ? certificateUrl(rows.jobId) : null }, currentFiles }
}
