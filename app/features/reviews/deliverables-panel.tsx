import type { ReactNode } from 'react'
import { useRevalidator } from 'react-router'
import { formatSize } from '../../../lib/format'
import type { JobAbilities } from '../../../lib/job-abilities'
import type { JobFileView } from '../../../lib/job-view'
import type { DeliverableDocumentView, ReviewView, RevisionView } from '../../../lib/review-view'
import { ConfirmDelete } from '../../components/portal/confirm-delete'
import { PortalCard } from '../../components/portal/portal-card'
import { StatusMessage } from '../../components/portal/status-message'
import { secondaryButtonClass } from '../../components/portal/styles'
import { JobFileList, useJobAction } from '../jobs'
import { UploadFiles, uploadMetadata } from '../upload'
import { CompareButton } from '../model-preview'
import { previewKindOf } from '../../../lib/file-types'
import { ReleasesList } from './releases-list'
import { RevisionItem } from './revision-item'

interface PanelProps {
  jobId: string
  review: ReviewView
  /** The deliverables' current files (JobView.deliverables): those of no revision were delivered before revisions were kept. */
  deliverables: JobFileView[] | null
  can: Pick<JobAbilities, 'deliver' | 'readDeliverables' | 'removeDeliverables'>
  maxUploadBytes: number
  maxPreviewBytes: number
}

/**
 * The job's deliverables as documents with revisions: each document's current revision first, its
 * earlier ones folded below; then the releases with their transmittals and the certificate of the
 * client's decisions. The consultancy uploads deliverables (a new document, or a new revision of one)
 * and removes what it has not issued; an approver of the client decides on each issued revision.
 */
export function DeliverablesPanel({ jobId, review, deliverables, can, maxUploadBytes, maxPreviewBytes }: PanelProps) {
  const revalidator = useRevalidator()
  const revalidate = () => void revalidator.revalidate()
  const remove = useJobAction('remove-deliverable', 'Deliverable removed')
  const removeFile = (name: string, path: string, consequence = 'The client will no longer see or download it.') => (
    <ConfirmDelete what={name} verb="Remove" consequence={consequence} disabled={remove.busy} onConfirm={() => void remove.fetcher.submit({ intent: 'remove-deliverable', path }, { method: 'post' })}>
      Remove
    </ConfirmDelete>
  )
  const removeButton = (revision: RevisionView) => (revision.canRemove ? removeFile(revision.file.name, revision.file.path, 'It will not be issued to the client.') : null)
  // Files delivered before each upload became a revision of a document: listed as they were.
  const revisionPaths = new Set(review.documents.flatMap((doc) => doc.revisions.map((r) => r.file.path)))
  const earlierFiles = (deliverables ?? []).filter((file) => !revisionPaths.has(file.path))
  return (
    <PortalCard titleId="deliverables-title" title="Deliverables">
      <div className="min-w-0 space-y-4">
        {!can.readDeliverables ? (
          <p className="text-(--color-light)" data-testid="deliverables-pending">
            The results appear here once the job is released.
          </p>
        ) : review.documents.length === 0 && earlierFiles.length === 0 ? (
          <p className="text-(--color-light)">No deliverables yet.</p>
        ) : (
          <div className="space-y-4" data-testid="job-deliverables">
            {review.documents.length > 0 ? (
              <ul className="space-y-4">
                {review.documents.map((doc) => (
                  <DocumentItem key={doc.document} jobId={jobId} doc={doc} canDeliver={can.deliver} maxUploadBytes={maxUploadBytes} maxPreviewBytes={maxPreviewBytes} onChanged={revalidate} removeButton={removeButton} />
                ))}
              </ul>
            ) : null}
            {earlierFiles.length > 0 ? (
              <div>
                <h3 className="mb-1 font-medium">Delivered before revisions were kept</h3>
                <JobFileList
                  files={earlierFiles}
                  testId="job-deliverables-before-revisions"
                  maxPreviewBytes={maxPreviewBytes}
                  onPictureSaved={revalidate}
                  actions={can.removeDeliverables ? (file) => removeFile(file.name, file.path) : undefined}
                />
              </div>
            ) : null}
          </div>
        )}
        <StatusMessage status={remove.status} testId="deliverable-status" />
        {can.deliver ? (
          <UploadFiles
            area="job-deliverables"
            metadata={uploadMetadata('job-deliverables', jobId)}
            label={`Attach a deliverable (report, drawing, model; up to ${formatSize(maxUploadBytes)})`}
            button="Upload deliverable"
            buttonClassName={secondaryButtonClass}
            hint="Each file is a new document; a new revision of a document is uploaded with that document."
            maxUploadBytes={maxUploadBytes}
            onUploaded={revalidate}
          />
        ) : null}
        <ReleasesList releases={review.releases} certificateUrl={review.certificateUrl} />
      </div>
    </PortalCard>
  )
}

/** One document: its current revision in full, the upload of its next revision, its earlier revisions folded. */
function DocumentItem({
  jobId,
  doc,
  canDeliver,
  maxUploadBytes,
  maxPreviewBytes,
  onChanged,
  removeButton,
}: {
  jobId: string
  doc: DeliverableDocumentView
  canDeliver: boolean
  maxUploadBytes: number
  maxPreviewBytes: number
  onChanged: () => void
  removeButton: (revision: RevisionView) => ReactNode
}) {
  const [current, ...earlier] = doc.revisions
  // The document's name is written once: above its current file only when that file is named otherwise.
  const named = current?.file.name === doc.document
  const carry = useJobAction(`carry-over-${doc.document}`, 'The open comments were carried over')
  // The current revision beside the one before, when the viewer shows both the same way.
  const previous = earlier[0]
  const kind = current ? previewKindOf(current.file.name) : null
  const comparable = current && previous && kind && previewKindOf(previous.file.name) === kind ? { kind, newer: current, older: previous } : null
  // Offered only while the revision before has open comments to carry.
  const carryTo = current?.canCarryOver && previous?.comments.some((c) => c.resolvedAt === null) ? current : null
  const asFile = (r: RevisionView) => ({ url: r.file.url, name: r.file.name, label: r.code ?? `upload ${r.sequence}` })
  return (
    <li className="min-w-0 space-y-3 rounded-md border border-(--color-border) p-3" aria-label={doc.document} data-testid="deliverable-document" data-document={doc.document}>
      {named ? null : <h3 className="font-medium [overflow-wrap:anywhere]">{doc.document}</h3>}
      {current ? <RevisionItem document={doc.document} revision={current} current maxPreviewBytes={maxPreviewBytes} onPictureSaved={onChanged} remove={removeButton(current)} /> : null}
      {comparable || carryTo ? (
        <div className="flex flex-wrap items-center gap-2" data-testid="revision-actions">
          {comparable ? <CompareButton older={asFile(comparable.older)} newer={asFile(comparable.newer)} kind={comparable.kind} /> : null}
          {carryTo ? (
            <carry.fetcher.Form method="post">
              <input type="hidden" name="intent" value="carry-over-comments" />
              <input type="hidden" name="revisionId" value={carryTo.id} />
              <button type="submit" className={secondaryButtonClass} disabled={carry.busy}>
                Carry the open comments over
              </button>
            </carry.fetcher.Form>
          ) : null}
          <StatusMessage status={carry.status} testId="carry-over-status" />
        </div>
      ) : null}
      {canDeliver ? (
        <details>
          <summary className="cursor-pointer text-sm text-(--color-link) underline">Upload a new revision</summary>
          <div className="mt-2">
            <UploadFiles
              area="job-deliverables"
              metadata={uploadMetadata('job-deliverables', jobId, { document: doc.document })}
              label="File of the new revision"
              button="Upload revision"
              buttonClassName={secondaryButtonClass}
              maxUploadBytes={maxUploadBytes}
              onUploaded={onChanged}
            />
          </div>
        </details>
      ) : null}
      {earlier.length > 0 ? (
        <details data-testid="earlier-revisions">
          <summary className="cursor-pointer text-sm">Earlier revisions ({earlier.length})</summary>
          <ol className="mt-2 space-y-3 border-l-2 border-(--color-border) pl-3">
            {earlier.map((revision) => (
              <li key={revision.id}>
                <RevisionItem document={doc.document} revision={revision} current={false} maxPreviewBytes={maxPreviewBytes} onPictureSaved={onChanged} remove={removeButton(revision)} />
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </li>
  )
}
