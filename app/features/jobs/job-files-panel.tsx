import { useRevalidator, useRouteLoaderData } from 'react-router'
import { previewKindOf } from '../../../lib/file-types'
import type { ReviewView, RevisionView } from '../../../lib/review-view'
import type { JobFileView } from '../../../lib/job-view'
import { formatSize } from '../../../lib/format'
import { ConfirmDelete } from '../../components/portal/confirm-delete'
import { StatusMessage } from '../../components/portal/status-message'
import { cardClass, cardTitleClass, secondaryButtonClass } from '../../components/portal/styles'
import { JobFileList } from './job-file-list'
import { CompareButton } from '../model-preview'
import { UploadFiles, uploadMetadata } from '../upload'
import { useJobAction } from './use-job-action'

/** The consultancy's Remove button of one deliverable, with the "Are you sure?" confirmation. */
function RemoveDeliverable({ file, busy, onConfirm }: { file: JobFileView; busy: boolean; onConfirm: () => void }) {
  return (
    <ConfirmDelete what={file.name} verb="Remove" consequence="The client will no longer see or download it." disabled={busy} onConfirm={onConfirm}>
      Remove
    </ConfirmDelete>
  )
}

const revisionFile = (r: RevisionView) => ({ url: r.file.url, name: r.file.name, label: r.code ?? `upload ${r.sequence}` })

/**
 * Each deliverable document the viewer sees in two revisions or more, with "Compare with" its
 * previous one, when both are models or both drawings the viewer shows.
 */
function RevisionComparisons() {
  const data = useRouteLoaderData('routes/profile/job') as { view?: { review?: ReviewView } } | undefined
  const pairs = (data?.view?.review?.documents ?? []).flatMap((d) => {
    const [newer, older] = d.revisions
    const kind = newer && previewKindOf(newer.file.name)
    return newer && older && kind && previewKindOf(older.file.name) === kind ? [{ document: d.document, newer, older, kind }] : []
  })
  if (!pairs.length) return null
  return (
    <ul className="mt-2 space-y-1" data-testid="deliverable-comparisons">
      {pairs.map(({ document, newer, older, kind }) => (
        <li key={document} className="flex flex-wrap items-center gap-x-3">
          <span>
            {document}, {revisionFile(newer).label}
          </span>
          <CompareButton older={revisionFile(older)} newer={revisionFile(newer)} kind={kind} />
        </li>
      ))}
    </ul>
  )
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
}: {
  jobId: string
  files: JobFileView[]
  deliverables: JobFileView[] | null
  canDeliver: boolean
  canRemoveDeliverables: boolean
  maxUploadBytes: number
  maxPreviewBytes: number
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
        <JobFileList files={files} empty="No documents were sent with this job." testId="job-client-files" maxPreviewBytes={maxPreviewBytes} onPictureSaved={revalidate} />
      </div>
      <div>
        <h3 className="mb-1 font-medium">Deliverables</h3>
        {deliverables === null ? (
          <p className="text-(--color-light)" data-testid="deliverables-pending">
            The results appear here once the job is released.
          </p>
        ) : (
          <JobFileList
            files={deliverables}
            empty="No deliverables yet."
            testId="job-deliverables"
            maxPreviewBytes={maxPreviewBytes}
            onPictureSaved={revalidate}
            actions={canRemoveDeliverables ? (file) => <RemoveDeliverable file={file} busy={remove.busy} onConfirm={() => void remove.fetcher.submit({ intent: 'remove-deliverable', path: file.path }, { method: 'post' })} /> : undefined}
          />
        )}
        {deliverables === null ? null : <RevisionComparisons />}
        {canRemoveDeliverables ? <StatusMessage status={remove.status} testId="deliverable-status" /> : null}
        {canDeliver ? (
          <div className="mt-3">
            <UploadFiles
              area="job-deliverables"
              metadata={uploadMetadata('job-deliverables', jobId)}
              label={`Attach a deliverable (report, drawing, model; up to ${formatSize(maxUploadBytes)})`}
              button="Upload deliverable"
              buttonClassName={secondaryButtonClass}
              maxUploadBytes={maxUploadBytes}
              onUploaded={revalidate}
            />
          </div>
        ) : null}
      </div>
    </section>
  )
}
