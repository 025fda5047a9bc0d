import type { ReactNode } from 'react'
import { formatSize } from '../../../lib/format'
import { revisionDecisionLabels, type RevisionView } from '../../../lib/review-view'
import { DateTimeText } from '../../components/portal/date-time-text'
import { linkButtonClass } from '../../components/portal/styles'
import { FilePicture, KeyNumbers, PreviewButton } from '../model-preview'
import { DecisionForm } from './decision-form'
import { RevisionStatusBadge } from './revision-status'
import { Sha256Text } from './sha256-text'
import { useRevisionComments } from './use-revision-comments'
import { useSearchParams } from 'react-router'

/**
 * One revision of a deliverable document: its code (or "Work in progress" while the consultancy has
 * not issued it), its status, its file (download, preview, picture), who issued it and when, its
 * SHA-256, the client's decision on it, and what the viewer may do with it (decide, remove).
 */
export function RevisionItem({
  document,
  revision,
  current,
  maxPreviewBytes,
  onPictureSaved,
  remove,
}: {
  document: string
  revision: RevisionView
  /** The document's current revision, shown first and in full. */
  current: boolean
  maxPreviewBytes: number
  onPictureSaved: () => void
  /** The Remove button, where the revision may be taken back. */
  remove?: ReactNode
}) {
  const { file, decision } = revision
  // The thread's "Open on the model" names a comment: its revision's viewer opens on its view.
  const [searchParams] = useSearchParams()
  const asked = searchParams.get('comment')
  const openCommentId = asked && revision.comments.some((c) => c.id === asked) ? asked : null
  const comments = useRevisionComments(revision, openCommentId)
  const open = revision.comments.filter((c) => c.resolvedAt === null).length
  return (
    <div className="min-w-0 space-y-2" data-testid="revision" data-code={revision.code ?? ''} data-status={revision.status}>
      <div className="flex flex-wrap items-center gap-2">
        <span className={current ? 'font-semibold' : 'font-medium'}>{revision.code ?? 'Work in progress'}</span>
        <RevisionStatusBadge status={revision.status} />
        {decision?.acceptedCode ? <span className="text-sm">Accepted as {decision.acceptedCode}</span> : null}
      </div>
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <FilePicture url={file.thumbnailUrl} name={file.name} />
        <a href={`${file.url}?download=1`} download={file.name} className={`${linkButtonClass} min-w-0 [overflow-wrap:anywhere]`}>
          {file.name}
        </a>
        <span className="text-sm text-(--color-light)">{formatSize(file.size)}</span>
        <PreviewButton
          key={openCommentId ?? 'preview'}
          url={file.url}
          name={file.name}
          size={file.size}
          maxPreviewBytes={maxPreviewBytes}
          thumbnail={file.canSetThumbnail ? { exists: file.thumbnailUrl !== null, onSaved: onPictureSaved } : undefined}
          openOnMount={openCommentId !== null}
          revision
          {...comments}
        />
        {remove}
        {file.keyNumbers ? <KeyNumbers name={file.name} summary={file.keyNumbers} /> : null}
      </div>
      <p className="text-sm text-(--color-light)" data-testid="revision-issued">
        {revision.issuedBy && revision.issuedAt ? (
          <>
            Issued by {revision.issuedBy} on <DateTimeText value={revision.issuedAt} />
            {revision.release !== null ? ` in release ${revision.release}` : ''}
          </>
        ) : (
          <>
            Uploaded on <DateTimeText value={revision.uploadedAt} />, not yet issued
          </>
        )}
      </p>
      <Sha256Text value={revision.sha256} />
      {revision.comments.length > 0 ? (
        <p className="text-sm" data-testid="revision-comments">
          {revision.comments.length === 1 ? '1 comment' : `${revision.comments.length} comments`}, {open} open
          {revision.comments.some((c) => c.carriedFrom) ? ' (some carried over)' : ''} ·{' '}
          <a href={revision.bcfUrl} download className="text-(--color-link) underline">
            Comments as BCF
          </a>
        </p>
      ) : null}
      {decision ? (
        <div className="rounded-md bg-(--color-shade) p-2 text-sm" data-testid="revision-decision">
          <p>
            {revisionDecisionLabels[decision.decision]} by {decision.by} ({decision.byEmail}) on <DateTimeText value={decision.at} />
          </p>
          {decision.comment ? <p className="mt-1 whitespace-pre-line">{decision.comment}</p> : null}
        </div>
      ) : null}
      {revision.canDecide ? <DecisionForm revision={revision} document={document} /> : null}
    </div>
  )
}
