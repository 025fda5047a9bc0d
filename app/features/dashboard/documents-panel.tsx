import { useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { acceptAttribute, checkFileBeforeUpload, describeAcceptedTypes } from '../../../lib/accepted-file-types'
import { formatDateTime, formatSize } from '../../../lib/format'
import { ErrorList } from '../../components/forms'
import { fileTypeLabel, opensInNewTab } from '../upload/file-kinds'
import { storagePathFor, uploadEndpoint, uploadMetadata } from '../upload/upload-target'
import { useUpload } from '../upload/use-upload'
import { PreviewButton } from '../model-preview/preview-button'
import { ConfirmDelete } from './confirm-delete'
import { StatusMessage } from './status-message'
import { buttonClass, cardClass, cardTitleClass, inputClass, labelClass, linkButtonClass } from './styles'
import type { DashboardActionResult, DocumentRow } from './types'
import type { ResourceStatus } from './use-json-resource'
import { useStatus } from './use-status'
import { FilePicture } from '../model-preview/file-picture'
import { stackedTable } from '../../components/portal/stacked-table'

/**
 * A client's documents (their user-box folder): a resumable upload with progress, the list with
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
  const { uploading, percent, upload } = useUpload()
  const { status: message, show } = useStatus()
  const [pickerError, setPickerError] = useState('')
  const picker = useRef<HTMLInputElement>(null)
  const handled = useRef<unknown>(null)

  useEffect(() => {
    const data = remove.data
    if (remove.state !== 'idle' || !data || handled.current === data) return
    handled.current = data
    const name = (data.path ?? '').split('/').pop()
    if (data.ok) show(`File deleted successfully: ${name}`, 'success')
    else show(`Error deleting file: ${data.message ?? 'please try again'}`, 'error')
    onChanged()
  }, [remove.state, remove.data, onChanged, show])

  const onUpload = async () => {
    const file = picker.current?.files?.[0]
    const refusal = file ? checkFileBeforeUpload('user-box', file, maxUploadBytes) : 'Please choose a file to upload'
    setPickerError(refusal ?? '')
    if (!file || refusal) {
      picker.current?.focus()
      return
    }
    try {
      const result = await upload(file, { endpoint: uploadEndpoint, metadata: uploadMetadata('user-box', userId) })
      show(`File uploaded successfully: ${result.storagePath ?? storagePathFor('user-box', userId, file.name)}`, 'success')
      if (picker.current) picker.current.value = ''
      onChanged()
    } catch (error) {
      show(`Error handling file: ${(error as Error).message}`, 'error')
    }
  }

  let list: React.ReactNode
  if (status === 'error') list = <p role="alert">Error handling file: the documents could not be listed</p>
  else if (!files) list = <p aria-busy="true">Loading documents...</p>
  else if (files.length === 0) list = <p>No files found</p>
  else
    list = (
      <div role="region" aria-label={`${title} list`} tabIndex={0} className="max-h-[500px] overflow-auto rounded-md md:border md:border-(--color-border)">
        <table className={`${stackedTable.table} md:min-w-[36rem]`}>
          <thead className={stackedTable.head}>
            <tr>
              {['Name', 'Type', 'Size', 'Last modified'].map((heading) => (
                <th key={heading} scope="col" className={stackedTable.headCell}>
                  {heading}
                </th>
              ))}
              <th scope="col" className={stackedTable.headCell}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className={stackedTable.body}>
            {files.map((file) => (
              <tr key={file.path} className={stackedTable.row}>
                <td className={`${stackedTable.cell} break-all`} data-label="Name">
                  <span className="flex items-center gap-2">
                    <FilePicture url={file.thumbnailUrl} name={file.name} />
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
                  <time dateTime={file.lastModified}>{formatDateTime(file.lastModified)}</time>
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
          </tbody>
        </table>
      </div>
    )

  return (
    <section aria-labelledby={`${id}-title`} className={cardClass}>
      <h2 id={`${id}-title`} className={cardTitleClass}>
        {title}
      </h2>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="grow">
          <label htmlFor={`${id}-file`} className={labelClass}>
            Choose a document
          </label>
          <input
            ref={picker}
            id={`${id}-file`}
            type="file"
            accept={acceptAttribute('user-box')}
            className={`mt-1 ${inputClass}`}
            aria-invalid={pickerError ? true : undefined}
            aria-describedby={pickerError ? `${id}-file-error ${id}-hint` : `${id}-hint`}
            disabled={uploading}
            onChange={() => setPickerError('')}
          />
          <p id={`${id}-hint`} className="mt-1 text-xs text-(--color-light)">
            Accepted: {describeAcceptedTypes('user-box')}; up to {formatSize(maxUploadBytes)}. Large uploads resume if the connection drops.
          </p>
          <ErrorList id={`${id}-file-error`} errors={[pickerError]} />
        </div>
        <button type="button" className={buttonClass} onClick={() => void onUpload()} disabled={uploading}>
          {uploading ? `Uploading... ${percent}%` : 'Upload document'}
        </button>
      </div>
      {uploading ? <progress className="mb-3 w-full" max={100} value={percent} aria-label="Upload progress" /> : null}
      {list}
      <StatusMessage status={message} testId="documents-status" />
    </section>
  )
}
