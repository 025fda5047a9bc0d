import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react'
import { acceptAttribute, checkFileBeforeUpload, type UploadArea } from '../../../lib/file-types'
import { formatSize } from '../../../lib/format'
import { ErrorList, controlClass, fieldLabelClass } from '../../components/forms'
import type { UploadFailedError, UploadFileResult } from './upload-file'
import { uploadEndpoint } from './upload-target'
import { useUploadQueue, type QueuedUpload } from './use-upload-queue'

export const WAITING_FOR_CONNECTION = 'Waiting for the connection…'

/**
 * Files into one upload area: chosen with the picker (several at once) and sent with the button, or
 * dropped anywhere on the zone and sent at once. Each file shows its own progress; the button shows
 * "Uploading..." with the percentage of all of them and is disabled meanwhile. A file the server
 * would refuse is named with the reason before any byte is sent; a file cut off by a lost connection
 * says it is waiting for the connection and resumes by itself once the browser is back online; a
 * file the server refused keeps its reason in the list until the next files are sent.
 */
export function UploadFiles({
  area,
  metadata,
  maxUploadBytes,
  label,
  button,
  buttonClassName,
  hint,
  onUploaded,
  onFailed,
}: {
  area: UploadArea
  metadata: Record<string, string>
  maxUploadBytes: number
  label: string
  button: string
  buttonClassName: string
  hint?: ReactNode
  onUploaded: (result: UploadFileResult, file: File) => void
  onFailed?: (error: UploadFailedError, file: File) => void
}) {
  const id = useId()
  const picker = useRef<HTMLInputElement>(null)
  const [errors, setErrors] = useState<string[]>([])
  const [over, setOver] = useState(false)
  const { items, uploading, percent, upload, dismiss } = useUploadQueue()

  const send = async (files: File[], fromPicker: boolean) => {
    const refusals = files.length === 0 ? ['Please choose a file to upload'] : files.map((f) => checkFileBeforeUpload(area, f, maxUploadBytes)).filter((r): r is string => r !== null)
    const accepted = files.filter((f) => checkFileBeforeUpload(area, f, maxUploadBytes) === null)
    setErrors(refusals)
    if (refusals.length > 0 && fromPicker) picker.current?.focus()
    if (accepted.length === 0) return
    if (fromPicker && refusals.length === 0 && picker.current) picker.current.value = ''
    const results = await upload(accepted, { endpoint: uploadEndpoint, metadata })
    results.forEach((result, i) => {
      const file = accepted[i]!
      if (result instanceof Error) onFailed?.(result, file)
      else onUploaded(result, file)
    })
  }

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return
    event.preventDefault()
    event.dataTransfer.dropEffect = 'copy'
    setOver(true)
  }
  const onDrop = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return
    event.preventDefault()
    setOver(false)
    void send([...event.dataTransfer.files], false)
  }

  return (
    <div
      data-testid={`drop-${area}`}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false)
      }}
      onDrop={onDrop}
      className={`rounded-md border-2 border-dashed p-3 ${over ? 'border-(--color-highlight) bg-(--color-shade)' : 'border-(--color-border)'}`}
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="grow">
          <label htmlFor={`${id}-file`} className={fieldLabelClass}>
            {label}
          </label>
          <input
            ref={picker}
            id={`${id}-file`}
            type="file"
            multiple
            accept={acceptAttribute(area)}
            className={`mt-1 ${controlClass}`}
            aria-invalid={errors.length > 0 ? true : undefined}
            aria-describedby={errors.length > 0 ? `${id}-file-error ${id}-hint` : `${id}-hint`}
            disabled={uploading}
            onChange={() => setErrors([])}
          />
          <p id={`${id}-hint`} className="mt-1 text-xs text-(--color-light)">
            Drop files here or choose several at once. {hint}
          </p>
          <ErrorList id={`${id}-file-error`} errors={errors} />
        </div>
        <button type="button" className={buttonClassName} onClick={() => void send([...(picker.current?.files ?? [])], true)} disabled={uploading}>
          {uploading ? `Uploading... ${percent}%` : button}
        </button>
      </div>
      {items.length > 0 ? (
        <ul aria-label="Uploads" className="mt-3 space-y-2 text-sm">
          {items.map((item) => (
            <UploadRow key={item.id} item={item} onDismiss={() => dismiss(item.id)} />
          ))}
        </ul>
      ) : null}
    </div>
  )
}

function UploadRow({ item, onDismiss }: { item: QueuedUpload; onDismiss: () => void }) {
  const status = item.state === 'waiting' ? WAITING_FOR_CONNECTION : item.state === 'done' ? 'Uploaded' : item.state === 'failed' ? `Failed: ${item.message}` : `${item.percent}%`
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1" data-state={item.state}>
      <span className="min-w-0 grow break-all">
        {item.name} <span className="text-(--color-light)">({formatSize(item.size)})</span>
      </span>
      {item.state === 'uploading' || item.state === 'waiting' ? <progress className="w-40" max={100} value={item.percent} aria-label={`Upload progress of ${item.name}`} /> : null}
      <span role={item.state === 'failed' ? 'alert' : 'status'} className={item.state === 'failed' ? 'text-error' : 'text-(--color-light)'}>
        {status}
      </span>
      {item.state === 'failed' || item.state === 'done' ? (
        <button type="button" className="text-xs underline" onClick={onDismiss} aria-label={`Dismiss ${item.name}`}>
          Dismiss
        </button>
      ) : null}
    </li>
  )
}
