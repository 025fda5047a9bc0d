import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react'
import { useRef, useState } from 'react'
import { useActionData, useFetcher } from 'react-router'
import { acceptAttribute, checkFileBeforeUpload, describeAcceptedTypes } from '../../../lib/file-types'
import { limits } from '../../../lib/catalogue'
import { jobRequestSchema, priorityWords } from '../../../lib/job-request-schema'
import { Field, focusFirstInvalid, TextareaField } from '../../components/forms'
import { useFetcherResult } from '../../components/portal/use-fetcher-result'
import { uploadEndpoint, uploadMetadata, useUpload } from '../upload'
import { StatusMessage } from '../../components/portal/status-message'
import { buttonClass } from '../../components/portal/styles'
import type { DashboardActionResult } from './types'
import { useStatus } from '../../components/portal/use-status'
import { PortalCard } from '../../components/portal/portal-card'
import { useSchemaForm } from '../../components/use-schema-form'

/**
 * Create Job Request: the fields of the job request schema (no field is required; a priority slider
 * 1 to 5, default 3, Low to High) and optional files. The request is saved first; its files are then
 * uploaded to job-files/{jobRequestId}/, and the server adds each one to the request as its upload
 * finishes. Files the server would refuse are named, with the reason, before anything is sent. The
 * button reads "Placing job request" for the whole sequence, then "Request this job" again.
 */
export function JobRequestForm({ clientId, maxUploadBytes, onCreated }: { clientId: string | null; maxUploadBytes: number; onCreated: () => void }) {
  const create = useFetcher<DashboardActionResult>({ key: 'create-job-request' })
  // Without JavaScript the form posts the page itself, whose answer is the route's action data.
  const posted = useActionData<DashboardActionResult>()
  const { uploading, percent, upload } = useUpload()
  const [phase, setPhase] = useState<'idle' | 'creating' | 'uploading'>('idle')
  const [priority, setPriority] = useState<number>(limits.priorityDefault)
  const [fileErrors, setFileErrors] = useState<string[]>([])
  const { status, show } = useStatus()
  const formRef = useRef<HTMLFormElement>(null)
  const pendingFiles = useRef<File[]>([])

  const [form, fields] = useSchemaForm(jobRequestSchema, {
    id: 'create-job-request',
    lastResult: create.state === 'idle' ? (create.data ?? (posted?.intent === 'create-job-request' ? posted : undefined))?.result : undefined,
    onSubmit(event, { formData }) {
      event.preventDefault()
      if (phase !== 'idle') return
      const files = formData.getAll('attachments').filter((f): f is File => f instanceof File && f.size > 0)
      // Checked before the request is placed, so a refused file never leaves a request without it.
      const refusals = files.map((f) => checkFileBeforeUpload('job-files', f, maxUploadBytes)).filter((r): r is string => r !== null)
      setFileErrors(refusals)
      if (refusals.length) {
        requestAnimationFrame(() => focusFirstInvalid(formRef.current))
        return
      }
      pendingFiles.current = files
      formData.delete('attachments')
      setPhase('creating')
      void create.submit(formData, { method: 'post', action: '/profile' })
    },
  })

  const finish = (text: string, tone: 'success' | 'error' = 'success') => {
    setPhase('idle')
    show(text, tone)
    formRef.current?.reset()
    setPriority(limits.priorityDefault)
    pendingFiles.current = []
    onCreated()
  }

  // Step 2: the request exists; upload its files (if any). Each finished upload is attached by the server.
  useFetcherResult(create, (data) => {
    if (!data.ok || !data.id) {
      setPhase('idle')
      if (data.result?.error) requestAnimationFrame(() => focusFirstInvalid(formRef.current))
      else show(`The job request could not be placed: ${data.message ?? 'please try again'}`, 'error')
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
      else finish(`${failures.length === files.length ? 'Job request placed without its files' : 'Job request placed without some of its files'}. ${failures.join('. ')}`, 'error')
    })()
  })

  const busy = phase !== 'idle'
  const attachmentsId = 'job-attachments'
  return (
    <PortalCard titleId="job-form-title" title="Create Job Request">
      <form ref={formRef} method="post" action="/profile" encType="multipart/form-data" {...getFormProps(form)} aria-labelledby="job-form-title" aria-describedby={undefined}>
        <input type="hidden" name="intent" value="create-job-request" />
        {clientId ? <input type="hidden" name="clientId" value={clientId} /> : null}
        <div className="grid gap-4">
          <Field
            key={fields.job.key}
            label="Job"
            errors={fields.job.errors}
            inputProps={{ ...getInputProps(fields.job, { type: 'text', ariaAttributes: false }), placeholder: 'e.g. FEA of a bracket under load' }}
          />
          <Field
            key={fields.reference.key}
            label="Reference"
            errors={fields.reference.errors}
            inputProps={{ ...getInputProps(fields.reference, { type: 'text', ariaAttributes: false }), placeholder: 'Your reference' }}
          />
          <TextareaField key={fields.instructions.key} label="Instructions" errors={fields.instructions.errors} textareaProps={{ ...getTextareaProps(fields.instructions, { ariaAttributes: false }), rows: 4 }} />
          <Field
            label={
              <>
                Priority: <output htmlFor="job-priority">{priority}</output>
              </>
            }
            errors={fields.priority.errors}
            inputProps={{
              id: 'job-priority',
              name: fields.priority.name,
              type: 'range',
              min: limits.priorityMin,
              max: limits.priorityMax,
              step: 1,
              value: priority,
              onChange: (e) => setPriority(Number(e.target.value)),
              'aria-valuetext': `${priority} (${priorityWords[priority]})`,
              'aria-describedby': 'job-priority-scale',
              className: 'max-w-sm',
            }}
          >
            <div id="job-priority-scale" className="flex max-w-sm justify-between text-xs text-(--color-light)">
              <span>Low</span>
              <span>High</span>
            </div>
          </Field>
          <Field
            label="Attach files (optional)"
            hint={`Accepted: ${describeAcceptedTypes('job-files')}, up to ${Math.floor(maxUploadBytes / 1e6)} MB each.`}
            errors={fileErrors}
            inputProps={{ id: attachmentsId, name: 'attachments', type: 'file', multiple: true, accept: acceptAttribute('job-files'), onChange: () => setFileErrors([]) }}
          />
        </div>
        <div className="mt-5 flex flex-wrap items-center gap-4">
          <button type="submit" className={buttonClass} disabled={busy}>
            {busy ? 'Placing job request' : 'Request this job'}
          </button>
          {uploading ? <span className="text-sm">Uploading... {percent}%</span> : null}
        </div>
        <StatusMessage status={status} testId="job-request-status" />
      </form>
    </PortalCard>
  )
}
