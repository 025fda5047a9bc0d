import { useId } from 'react'
import { useFetcher } from 'react-router'
import { describeAcceptedTypes, fileTypeLabel, opensInNewTab } from '../../../lib/file-types'
import { formatSize } from '../../../lib/format'
import { useFetcherResult } from '../../components/portal/use-fetcher-result'
import { storagePathFor, uploadMetadata, UploadFiles } from '../upload'
import { PreviewButton, FilePicture } from '../model-preview'
import { ConfirmDelete } from '../../components/portal/confirm-delete'
import { StatusMessage } from '../../components/portal/status-message'
import { buttonClass, linkButtonClass } from '../../components/portal/styles'
import type { DashboardActionResult, DocumentRow } from './types'
import type { ResourceStatus } from './use-json-resource'
import { useStatus } from '../../components/portal/use-status'
import { FileTypeIcon } from '../../components/portal/file-type-icon'
import { stackedTable } from '../../components/portal/stacked-table'
import { PortalTable } from '../../components/portal/portal-table'
import { DateTimeText } from '../../components/portal/date-time-text'
import { PortalCard } from '../../components/portal/portal-card'

/**
 * A client's documents (their user-box folder): resumable uploads of several files at once, dropped
 * or chosen, each with its own progress, and the list with
 * name, type, size in MB and last modified, open-in-a-new-tab or download, and delete with the
 * "Are you sure?" confirmation. A file the server would refuse is named beside the picker, with
 * the reason, before any byte is sent. What happened ("File uploaded successfully: …", "File
 * deleted successfully: …", "Error deleting file: …") is announced in a polite live region and
 * clears after the status time-out.
 */
export function DocumentsPanel({
  title,
  userId,
  clientId,
  status,
  files,
  maxUploadBytes,
  maxPreviewBytes,
  onChanged,
}: {
  title: string
  userId: string
  clientId: string | null
  status: ResourceStatus
  files: DocumentRow[] | null
  maxUploadBytes: number
  /** Files above this size offer the download instead of a preview. */
  maxPreviewBytes: number
  onChanged: () => void
}) {
  const id = useId()
  const remove = useFetcher<DashboardActionResult>({ key: `delete-file-${userId}` })
  const { status: message, show } = useStatus()

  useFetcherResult(remove, (data) => {
    const name = (data.path ?? '').split('/').pop()
    if (data.ok) show(`File deleted successfully: ${name}`, 'success')
    else show(`Error deleting file: ${data.message ?? 'please try again'}`, 'error')
    onChanged()
  })

  let list: React.ReactNode
  if (status === 'error') list = <p role="alert">Error handling file: the documents could not be listed</p>
  else if (!files) list = <p aria-busy="true">Loading documents...</p>
  else if (files.length === 0) list = <p>No files found</p>
  else
    list = (
      <div role="region" aria-label={`${title} list`} tabIndex={0} className="max-h-[500px] overflow-auto rounded-md md:border md:border-(--color-border)">
        <PortalTable columns={['Name', 'Type', 'Size', 'Last modified']} actions className="md:min-w-[36rem]">
          {files.map((file) => (
            <tr key={file.path} className={stackedTable.row}>
              <td className={`${stackedTable.cell} break-all`} data-label="Name">
                <span className="flex items-center gap-2">
                  {file.thumbnailUrl ? <FilePicture url={file.thumbnailUrl} name={file.name} /> : <FileTypeIcon name={file.name} />}
                  {file.name}
                </span>
              </td>
              <td className={stackedTable.cell} data-label="Type">
                {fileTypeLabel(file.name)}
              </td>
              <td className={`${stackedTable.cell} whitespace-nowrap`} data-label="Size">
                {formatSize(file.size)}
              </td>
              <td className={`${stackedTable.cell} whitespace-nowrap`} data-label="Last modified">
                <DateTimeText value={file.lastModified} />
              </td>
              <td className={stackedTable.cell} data-label="">
                <div className="flex flex-wrap items-center gap-3">
                  <PreviewButton url={file.url} name={file.name} size={file.size} maxPreviewBytes={maxPreviewBytes} thumbnail={file.canSetThumbnail ? { exists: file.thumbnailUrl !== null, onSaved: onChanged } : undefined} />
                  {opensInNewTab(file.name) ? (
                    <a
                      href={file.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={linkButtonClass}
                      aria-label={`Open ${file.name} in a new tab`}
                      onClick={() => show(`File opened successfully: ${file.name}`, 'success')}
                    >
                      Open
                    </a>
                  ) : (
                    <a href={`${file.url}?download=1`} download={file.name} className={linkButtonClass} aria-label={`Download ${file.name}`} onClick={() => show(`File downloaded successfully: ${file.name}`, 'success')}>
                      Download
                    </a>
                  )}
                  <ConfirmDelete what={file.name} disabled={remove.state !== 'idle'} onConfirm={() => void remove.submit({ intent: 'delete-file', path: file.path, ...(clientId ? { clientId } : {}) }, { method: 'post', action: '/profile' })}>
                    Delete
                  </ConfirmDelete>
                </div>
              </td>
            </tr>
          ))}
        </PortalTable>
      </div>
    )

  return (
    <PortalCard titleId={`${id}-title`} title={title}>
      <div className="mb-4">
        <UploadFiles
          area="user-box"
          metadata={uploadMetadata('user-box', userId)}
          maxUploadBytes={maxUploadBytes}
          label="Choose a document"
          button="Upload document"
          buttonClassName={buttonClass}
          hint={
            <>
              Accepted: {describeAcceptedTypes('user-box')}; up to {formatSize(maxUploadBytes)} each. Uploads resume by themselves when the connection returns.
            </>
          }
          onUploaded={(result, file) => {
            show(`File uploaded successfully: ${result.storagePath ?? storagePathFor('user-box', userId, file.name)}`, 'success')
            onChanged()
          }}
          onFailed={(error) => show(`Error handling file: ${error.message}`, 'error')}
        />
      </div>
      {list}
      <StatusMessage status={message} testId="documents-status" />
    </PortalCard>
  )
}
