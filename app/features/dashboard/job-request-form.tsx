import { useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { limits } from '../../../lib/catalogue'
import { jobRequestSchema } from '../../../lib/profile-schema'
import { acceptedDocumentsText, documentAccept, isAcceptedDocument } from '../upload/file-kinds'
import { uploadEndpoint, uploadMetadata } from '../upload/upload-target'
import { useUpload } from '../upload/use-upload'
import { StatusMessage } from './status-message'
import { buttonClass, cardClass, cardTitleClass, errorTextClass, inputClass, labelClass } from './styles'

/** What the action answers to intent=create-job-request. */
export interface JobRequestActionResult {
  intent: 'create-job-request'
  ok: boolean
  id?: string
  message?: string
  errors?: Partial<Record<'job' | 'reference' | 'instructions' | 'priority', string>>
}

const priorityWords: Record<number, string> = { 1: 'Low', 2: 'Fairly low', 3: 'Medium', 4: 'Fairly high', 5: 'High' }

/**
 * Create Job Request (SPEC.md sections 2, 4, 5): job, reference, instructions, a priority slider
 * 1–5 (default 3, Low to High) and optional files. The request is saved first; its files are then
 * uploaded to job-files/{jobRequestId}/, and the server adds each one to the request as its upload
 * finishes. The button reads "Placing job request" for the whole sequence.
 */
export function JobRequestForm({ clientId, maxUploadBytes, onCreated }: { clientId: string | null; maxUploadBytes: number; onCreated: () => void }) {
  const create = useFetcher<JobRequestActionResult>({ key: 'create-job-request' })
  const { uploading, percent, upload } = useUpload()
  const [phase, setPhase] = useState<'idle' | 'creating' | 'uploading'>('idle')
  const [priority, setPriority] = useState<number>(limits.priorityDefault)
  const [message, setMessage] = useState('')
  const [errors, setErrors] = useState<JobRequestActionResult['errors']>({})
  const form = useRef<HTMLFormElement>(null)
  const pendingFiles = useRef<File[]>([])
  const handled = useRef<unknown>(null)

  const finish = (text: string) => {
    setPhase('idle')
    setMessage(text)
    form.current?.reset()
    setPriority(limits.priorityDefault)
    pendingFiles.current = []
    onCreated()
  }

  // Step 2: the request exists; upload its files (if any). Each finished upload is attached by the server.
  useEffect(() => {
    const data = create.data
    if (create.state !== 'idle' || !data || handled.current === data) return
    handled.current = data
    if (!data.ok || !data.id) {
      setPhase('idle')
      setErrors(data.errors ?? {})
      setMessage(`The job request could not be placed: ${data.message ?? 'please try again'}`)
      return
    }
    const files = pendingFiles.current
    if (files.length === 0) return finish('Job request placed')
    const id = data.id
    setPhase('uploading')
    void (async () => {
      const failures: string[] = []
      for (const file of files) {
        try {
          await upload(file, { endpoint: uploadEndpoint, metadata: uploadMetadata('job-files', id) })
        } catch (error) {
          failures.push(`Error handling file: ${(error as Error).message}`)
        }
      }
      if (failures.length === 0) finish('Job request placed')
      else finish(`${failures.length === files.length ? 'Job request placed without its files' : 'Job request placed without some of its files'}. ${failures.join('. ')}`)
    })()
  }, [create.state, create.data])

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (phase !== 'idle') return
    const data = new FormData(event.currentTarget)
    const parsed = jobRequestSchema.safeParse(Object.fromEntries(['job', 'reference', 'instructions', 'priority'].map((k) => [k, data.get(k) ?? ''])))
    if (!parsed.success) {
      const next: JobRequestActionResult['errors'] = {}
      for (const issue of parsed.error.issues) next[issue.path[0] as 'job'] ??= issue.message
      setErrors(next)
      return
    }
    const files = data.getAll('attachments').filter((f): f is File => f instanceof File && f.size > 0)
    // Checked before the request is placed, so a refused file never leaves a request without it.
    const refused = files.find((f) => !isAcceptedDocument(f))
    const tooLarge = files.find((f) => f.size > maxUploadBytes)
    if (refused || tooLarge) {
      setErrors({})
      setMessage(refused ? `This file type is not accepted: ${refused.name}. Please attach ${acceptedDocumentsText}.` : `The file is larger than the upload limit: ${tooLarge!.name}`)
      return
    }
    setErrors({})
    setMessage('')
    pendingFiles.current = files
    data.delete('attachments')
    setPhase('creating')
    void create.submit(data, { method: 'post', action: '/profile' })
  }

  const busy = phase !== 'idle'
  return (
    <section aria-labelledby="job-form-title" className={cardClass}>
      <h2 id="job-form-title" className={cardTitleClass}>
        Create Job Request
      </h2>
      <form ref={form} method="post" action="/profile" encType="multipart/form-data" noValidate onSubmit={onSubmit} aria-labelledby="job-form-title">
        <input type="hidden" name="intent" value="create-job-request" />
        {clientId ? <input type="hidden" name="clientId" value={clientId} /> : null}
        <div className="grid gap-4">
          <TextField name="job" label="Job" error={errors?.job} placeholder="e.g. FEA of a bracket under load" />
          <TextField name="reference" label="Reference" error={errors?.reference} placeholder="Your reference" />
          <div>
            <label htmlFor="job-instructions" className={labelClass}>
              Instructions
            </label>
            <textarea id="job-instructions" name="instructions" rows={4} className={`mt-1 ${inputClass}`} aria-invalid={errors?.instructions ? true : undefined} />
            {errors?.instructions ? <p className={errorTextClass}>{errors.instructions}</p> : null}
          </div>
          <div>
            <label htmlFor="job-priority" className={labelClass}>
              Priority: <output htmlFor="job-priority">{priority}</output>
            </label>
            <input
              id="job-priority"
              name="priority"
              type="range"
              min={limits.priorityMin}
              max={limits.priorityMax}
              step={1}
              value={priority}
              onChange={(e) => setPriority(Number(e.target.value))}
              aria-valuetext={`${priority} (${priorityWords[priority]})`}
              aria-describedby="job-priority-scale"
              className="mt-2 w-full max-w-sm accent-(--color-highlight)"
            />
            <div id="job-priority-scale" className="flex max-w-sm justify-between text-xs text-(--color-light)">
              <span>Low</span>
              <span>High</span>
            </div>
          </div>
          <div>
            <label htmlFor="job-attachments" className={labelClass}>
              Attach files (optional)
            </label>
            <input id="job-attachments" name="attachments" type="file" multiple accept={documentAccept} className={`mt-1 ${inputClass}`} />
          </div>
        </div>
        <div className="mt-5 flex flex-wrap items-center gap-4">
          <button type="submit" className={buttonClass} disabled={busy}>
            {busy ? 'Placing job request' : 'Request this job'}
          </button>
          {uploading ? <span className="text-sm">Uploading... {percent}%</span> : null}
        </div>
        <StatusMessage message={message} />
      </form>
    </section>
  )
}

function TextField({ name, label, error, placeholder }: { name: string; label: string; error?: string; placeholder?: string }) {
  const id = `job-${name}`
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} name={name} type="text" placeholder={placeholder} className={`mt-1 ${inputClass}`} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error ? (
        <p id={`${id}-error`} className={errorTextClass}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
