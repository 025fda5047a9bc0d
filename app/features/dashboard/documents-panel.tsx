import { useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { formatMegabytes } from '../../../lib/catalogue'
import { acceptedDocumentsText, documentAccept, fileTypeLabel, isAcceptedDocument, opensInNewTab } from '../upload/file-kinds'
import { storagePathFor, uploadEndpoint, uploadMetadata } from '../upload/upload-target'
import { useUpload } from '../upload/use-upload'
import { ConfirmDelete } from './confirm-delete'
import { formatDate } from './job-requests-table'
import { StatusMessage } from './status-message'
import { buttonClass, cardClass, cardTitleClass, inputClass, labelClass, linkButtonClass } from './styles'
import type { DocumentRow } from './types'
import type { ResourceStatus } from './use-json-resource'

export interface DeleteFileResult {
  intent: 'delete-file'
  ok: boolean
  path?: string
  message?: string
}

/**
 * A client's documents (their user-box folder): a resumable upload with progress, the list with
 * name, type, size in MB and last modified, open-in-a-new-tab or download, and delete with the
 * confirmation. Messages of SPEC.md section 8 are announced in a polite live region.
 */
export function DocumentsPanel({
  title,
  userId,
  clientId,
  status,
  files,
  maxUploadBytes,
  onChanged,
}: {
  title: string
  userId: string
  clientId: string | null
  status: ResourceStatus
  files: DocumentRow[] | null
  maxUploadBytes: number
  onChanged: () => void
}) {
  const id = useId()
  const remove = useFetcher<DeleteFileResult>({ key: `delete-file-${userId}` })
  const { uploading, percent, upload } = useUpload()
  const [message, setMessage] = useState<{ text: string; tone: 'info' | 'error' }>({ text: '', tone: 'info' })
  const picker = useRef<HTMLInputElement>(null)
  const handled = useRef<unknown>(null)

  useEffect(() => {
    const data = remove.data
    if (remove.state !== 'idle' || !data || handled.current === data) return
    handled.current = data
    const name = (data.path ?? '').split('/').pop()
    setMessage(data.ok ? { text: `File deleted successfully: ${name}`, tone: 'info' } : { text: `Error deleting file: ${data.message ?? 'please try again'}`, tone: 'error' })
    onChanged()
  }, [remove.state, remove.data, onChanged])

  const onUpload = async () => {
    const file = picker.current?.files?.[0]
    if (!file) {
      setMessage({ text: 'Please choose a file to upload', tone: 'error' })
      picker.current?.focus()
      return
    }
    if (!isAcceptedDocument(file)) {
      setMessage({ text: `This file type is not accepted. Please upload ${acceptedDocumentsText}.`, tone: 'error' })
      return
    }
    if (file.size > maxUploadBytes) {
      setMessage({ text: `The file is larger than the upload limit of ${formatLimit(maxUploadBytes)}`, tone: 'error' })
      return
    }
    setMessage({ text: '', tone: 'info' })
    try {
      const result = await upload(file, { endpoint: uploadEndpoint, metadata: uploadMetadata('user-box', userId) })
      setMessage({ text: `File uploaded successfully: ${result.storagePath ?? storagePathFor('user-box', userId, file.name)}`, tone: 'info' })
      if (picker.current) picker.current.value = ''
      onChanged()
    } catch (error) {
      setMessage({ text: `Error handling file: ${(error as Error).message}`, tone: 'error' })
    }
  }

  let list: React.ReactNode
  if (status === 'error') list = <p role="alert">Error handling file: the documents could not be listed</p>
  else if (!files) list = <p aria-busy="true">Loading documents...</p>
  else if (files.length === 0) list = <p>No files found</p>
  else
    list = (
      <div role="region" aria-label={`${title} list`} tabIndex={0} className="max-h-[500px] overflow-auto rounded-md border border-(--color-border)">
        <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
          <thead className="sticky top-0 bg-(--color-shade)">
            <tr>
              <th scope="col" className="px-3 py-2">
                Name
              </th>
              <th scope="col" className="px-3 py-2">
                Type
              </th>
              <th scope="col" className="px-3 py-2">
                Size
              </th>
              <th scope="col" className="px-3 py-2">
                Last modified
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {files.map((file) => (
              <tr key={file.path} className="border-t border-(--color-border)">
                <td className="px-3 py-2 break-all">{file.name}</td>
                <td className="px-3 py-2">{fileTypeLabel(file.name)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{formatMegabytes(file.size)}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <time dateTime={file.lastModified}>{formatDate(file.lastModified)}</time>
                </td>
                <td className="px-3 py-2">
                  <div className="flex flex-wrap items-center gap-3">
                    {opensInNewTab(file.name) ? (
                      <a
                        href={file.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className={linkButtonClass}
                        aria-label={`Open ${file.name} in a new tab`}
                        onClick={() => setMessage({ text: `File opened successfully: ${file.name}`, tone: 'info' })}
                      >
                        Open
                      </a>
                    ) : (
                      <a href={`${file.url}?download=1`} download={file.name} className={linkButtonClass} aria-label={`Download ${file.name}`} onClick={() => setMessage({ text: `File downloaded successfully: ${file.name}`, tone: 'info' })}>
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
          <input ref={picker} id={`${id}-file`} type="file" accept={documentAccept} className={`mt-1 ${inputClass}`} aria-describedby={`${id}-hint`} disabled={uploading} />
          <p id={`${id}-hint`} className="mt-1 text-xs text-(--color-light)">
            Accepted: {acceptedDocumentsText}; up to {formatLimit(maxUploadBytes)}. Large uploads resume if the connection drops.
          </p>
        </div>
        <button type="button" className={buttonClass} onClick={() => void onUpload()} disabled={uploading}>
          {uploading ? `Uploading... ${percent}%` : 'Upload document'}
        </button>
      </div>
      {uploading ? <progress className="mb-3 w-full" max={100} value={percent} aria-label="Upload progress" /> : null}
      {list}
      <StatusMessage message={message.text} tone={message.tone} />
    </section>
  )
}

/** The limit as the server states it: binary units, "2 GB" for the default, "20 MB" for 20 MiB. */
function formatLimit(bytes: number): string {
  const gib = bytes / 1024 ** 3
  return gib >= 1 ? `${+gib.toFixed(2)} GB` : `${+(bytes / 1024 ** 2).toFixed(2)} MB`
}
