import type { ReactNode } from 'react'
import { useRevalidator } from 'react-router'
import type { JobSide } from '../../../lib/job-stages'
import type { JobFileView } from '../../../lib/job-view'
import { formatUploadLimit } from '../../../lib/accepted-file-types'
import { ConfirmDelete } from '../dashboard/confirm-delete'
import { StatusMessage } from '../dashboard/status-message'
import { cardClass, cardTitleClass, linkButtonClass } from '../dashboard/styles'
import { PreviewButton } from '../model-preview/preview-button'
import { JobFileUpload } from './job-file-upload'
import { useJobAction } from './use-job-action'

/**
 * A folder's files: each with its picture once the viewer has rendered it, a download link and a
 * preview. `onPictureSaved` is given where the viewer may write the folder: the first preview then
 * keeps its picture beside the file.
 */
function FileList({
  files,
  empty,
  testId,
  maxPreviewBytes,
  onPictureSaved,
  actions,
}: {
  files: JobFileView[]
  empty: string
  testId: string
  maxPreviewBytes: number
  onPictureSaved?: () => void
  actions?: (file: JobFileView) => ReactNode
}) {
  if (files.length === 0) return <p className="text-(--color-light)">{empty}</p>
  return (
    <ul className="space-y-1" data-testid={testId}>
      {files.map((f) => (
        <li key={f.path} className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {f.thumbnailUrl ? <img src={f.thumbnailUrl} alt={`Preview of ${f.name}`} width={40} height={40} className="size-10 shrink-0 rounded border border-(--color-border) object-cover" loading="lazy" /> : null}
          <a href={`${f.url}?download=1`} download={f.name} className={linkButtonClass}>
            {f.name}
          </a>
          <span className="text-sm text-(--color-light)">{formatSize(f.size)}</span>
          <PreviewButton url={f.url} name={f.name} size={f.size} maxPreviewBytes={maxPreviewBytes} thumbnail={onPictureSaved ? { exists: f.thumbnailUrl !== null, onSaved: onPictureSaved } : undefined} />
          {actions?.(f)}
        </li>
      ))}
    </ul>
  )
}

/** The consultancy's Remove button of one deliverable, with the "Are you sure?" confirmation. */
function RemoveDeliverable({ file, busy, onConfirm }: { file: JobFileView; busy: boolean; onConfirm: () => void }) {
  return (
    <ConfirmDelete what={file.name} verb="Remove" consequence="The client will no longer see or download it." disabled={busy} onConfirm={onConfirm}>
      Remove
    </ConfirmDelete>
  )
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`
}

/**
 * The job's files, told apart: the client's documents (sent with the request) and the consultancy's
 * deliverables, which the client sees only once the job is released. The consultancy attaches
 * deliverables here until then.
 */
export function JobFilesPanel({
  jobId,
  files,
  deliverables,
  canDeliver,
  canRemoveDeliverables,
  maxUploadBytes,
  maxPreviewBytes,
  side,
}: {
  jobId: string
  files: JobFileView[]
  deliverables: JobFileView[] | null
  canDeliver: boolean
  canRemoveDeliverables: boolean
  maxUploadBytes: number
  maxPreviewBytes: number
  side: JobSide
}) {
  const revalidator = useRevalidator()
  const revalidate = () => void revalidator.revalidate()
  const remove = useJobAction('remove-deliverable', 'Deliverable removed')
  return (
    <section aria-labelledby="files-title" className={`${cardClass} space-y-4`}>
      <h2 id="files-title" className={cardTitleClass}>
        Files
      </h2>
      <div>
        <h3 className="mb-1 font-medium">Client documents</h3>
        <FileList files={files} empty="No documents were sent with this job." testId="job-client-files" maxPreviewBytes={maxPreviewBytes} onPictureSaved={revalidate} />
      </div>
      <div>
        <h3 className="mb-1 font-medium">Deliverables</h3>
        {deliverables === null ? (
          <p className="text-(--color-light)" data-testid="deliverables-pending">
            The results appear here once the job is released.
          </p>
        ) : (
          <FileList
            files={deliverables}
            empty="No deliverables yet."
            testId="job-deliverables"
            maxPreviewBytes={maxPreviewBytes}
            onPictureSaved={side === 'consultancy' ? revalidate : undefined}
            actions={canRemoveDeliverables ? (file) => <RemoveDeliverable file={file} busy={remove.busy} onConfirm={() => void remove.fetcher.submit({ intent: 'remove-deliverable', path: file.path }, { method: 'post' })} /> : undefined}
          />
        )}
        {canRemoveDeliverables ? <StatusMessage status={remove.status} testId="deliverable-status" /> : null}
        {canDeliver ? (
          <div className="mt-3">
            <JobFileUpload
              area="job-deliverables"
              jobId={jobId}
              label={`Attach a deliverable (report, drawing, model; up to ${formatUploadLimit(maxUploadBytes)})`}
              button="Upload deliverable"
              maxUploadBytes={maxUploadBytes}
              onUploaded={revalidate}
            />
          </div>
        ) : null}
      </div>
    </section>
  )
}
