import { useId, useImperativeHandle, useRef, useState, type Ref } from 'react'
import { acceptAttribute, checkFileBeforeUpload } from '../../../lib/file-types'
import { ErrorList, controlClass, fieldLabelClass } from '../../components/forms'
import { secondaryButtonClass } from '../../components/portal/styles'
import { uploadEndpoint, uploadMetadata, UploadFailedError, WAITING_FOR_CONNECTION, useUpload } from '../upload'

/** What a form holding the picker may ask of it: whether a file is chosen and not yet sent, and to send it now. */
export interface JobFileUploadHandle {
  hasChosenFile: () => boolean
  /** Uploads the chosen file; its stored path and name, or null when nothing was sent (the reason shows beside the picker). */
  uploadChosen: () => Promise<{ path: string; name: string } | null>
}

/**
 * Picks and uploads one file into a job's folder (deliverables or the thread's files) through the
 * resumable upload endpoint, with a progress bar; a file the server would refuse is named with the
 * reason before any byte is sent. Calls `onUploaded` with the stored path. A form around it may
 * upload the chosen file itself through `handle` (the thread does when its message is sent).
 */
export function JobFileUpload({
  area,
  jobId,
  label,
  button,
  maxUploadBytes,
  onUploaded,
  handle,
}: {
  area: 'job-deliverables' | 'job-messages'
  jobId: string
  label: string
  button: string
  maxUploadBytes: number
  onUploaded: (path: string, name: string) => void
  handle?: Ref<JobFileUploadHandle>
}) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [error, setError] = useState('')
  const { uploading, percent, waiting, upload } = useUpload()
  const start = async () => {
    const file = input.current?.files?.[0]
    const refusal = file ? checkFileBeforeUpload(area, file, maxUploadBytes) : 'Please choose a file to upload'
    setError(refusal ?? '')
    if (!file || refusal) {
      input.current?.focus()
      return null
    }
    try {
      const result = await upload(file, { endpoint: uploadEndpoint, metadata: uploadMetadata(area, jobId) })
      onUploaded(result.storagePath, file.name)
      if (input.current) input.current.value = ''
      return { path: result.storagePath, name: file.name }
    } catch (e) {
      setError(e instanceof UploadFailedError ? e.message : 'The upload failed. Please try again.')
      input.current?.focus()
      return null
    }
  }
  useImperativeHandle(handle, () => ({ hasChosenFile: () => Boolean(input.current?.files?.length), uploadChosen: start }))
  return (
    <div className="space-y-2">
      <label htmlFor={id} className={fieldLabelClass}>
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input id={id} ref={input} type="file" accept={acceptAttribute(area)} className={`${controlClass} max-w-sm`} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={() => setError('')} />
        <button type="button" className={secondaryButtonClass} disabled={uploading} onClick={() => void start()}>
          {uploading ? `Uploading... ${percent}%` : button}
        </button>
      </div>
      {uploading ? <progress className="w-full max-w-sm" max={100} value={percent} aria-label="Upload progress" /> : null}
      {waiting ? <p role="status">{WAITING_FOR_CONNECTION}</p> : null}
      <ErrorList id={`${id}-error`} errors={error ? [error] : []} />
    </div>
  )
}
