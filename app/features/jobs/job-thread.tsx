import { getFormProps, getTextareaProps } from '@conform-to/react'
import { useRef, useState } from 'react'
import { Link, useRevalidator } from 'react-router'
import type { JobMessageView } from '../../../lib/job-view'
import { JOB_MESSAGE_MAX, jobMessageSchema } from '../../../lib/quote-schema'
import { ErrorList, TextareaField } from '../../components/forms'
import { StatusMessage } from '../../components/portal/status-message'
import { buttonClass, secondaryButtonClass } from '../../components/portal/styles'
import { JobFileList } from './job-file-list'
import { JobFileUpload, type JobFileUploadHandle } from './job-file-upload'
import { useJobAction } from './use-job-action'
import { DateTimeText } from '../../components/portal/date-time-text'
import { PortalCard } from '../../components/portal/portal-card'
import { useSchemaForm } from '../../components/use-schema-form'

/**
 * The job's thread: every message, newest last, with who wrote it and when, and its files (with their
 * pictures and previews); below, a box to write one and attach files. A file is uploaded by "Attach",
 * or, if it is still only chosen when the message is sent, first by "Send message", which waits for
 * it (the button says so) and sends the message with it, or sends nothing if the upload fails.
 */
export function JobThread({
  jobId,
  messages,
  canWrite,
  maxUploadBytes,
  maxPreviewBytes,
  pinnedOnPages,
}: {
  jobId: string
  messages: JobMessageView[]
  canWrite: boolean
  maxUploadBytes: number
  maxPreviewBytes: number
  /** The ids of the revision comments pinned on a document's page (a PDF), whose link says so. */
  pinnedOnPages?: ReadonlySet<string>
}) {
  const revalidator = useRevalidator()
  // The first preview of a model keeps its picture where the viewer may set it (the list says which).
  const revalidate = () => void revalidator.revalidate()
  const [files, setFiles] = useState<{ path: string; name: string }[]>([])
  const [uploadingFirst, setUploadingFirst] = useState(false)
  const uploader = useRef<JobFileUploadHandle>(null)
  const post = useJobAction('post-message', 'Message sent', () => setFiles([]))
  const [form, fields] = useSchemaForm(jobMessageSchema, {
    id: 'post-message',
    lastResult: post.lastResult,
    onSubmit(event, { formData }) {
      if (!uploader.current?.hasChosenFile()) return
      // A chosen file goes with the message: uploaded first, then named in the post.
      event.preventDefault()
      setUploadingFirst(true)
      void (async () => {
        const uploaded = await uploader.current?.uploadChosen()
        setUploadingFirst(false)
        if (!uploaded) return
        formData.append('files', uploaded.path)
        void post.fetcher.submit(formData, { method: 'post' })
      })()
    },
  })
  const busy = post.busy || uploadingFirst
  return (
    <PortalCard titleId="thread-title" title="Messages">
      {messages.length === 0 ? <p className="mb-4 text-(--color-light)">No messages yet.</p> : null}
      <ol className="mb-4 space-y-3" data-testid="job-thread">
        {messages.map((m) => (
          <li key={m.id} className={`rounded-md border border-(--color-border) p-3 ${m.mine ? 'ml-4 bg-(--color-shade) sm:ml-8' : 'mr-4 sm:mr-8'}`}>
            <p className="text-sm text-(--color-light)">
              <span className="font-medium text-(--color-text)">{m.author}</span> ·{' '}
              <DateTimeText value={m.at} />
            </p>
            {m.body ? <p className="mt-1 whitespace-pre-line">{m.body}</p> : null}
            {m.revisionComment ? (
              <p className="mt-1">
                <Link to={`?comment=${encodeURIComponent(m.revisionComment.id)}`} preventScrollReset className="text-(--color-link) underline">
                  {pinnedOnPages?.has(m.revisionComment.id) ? 'Open on the document' : 'Open on the model'}
                </Link>
              </p>
            ) : null}
            {m.files.length ? (
              <div className="mt-1">
                <JobFileList files={m.files} testId="job-message-files" maxPreviewBytes={maxPreviewBytes} onPictureSaved={revalidate} />
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      {canWrite ? null : (
        <p className="text-(--color-light)" data-testid="thread-read-only">
          You can read this thread. As a viewer in your company you cannot write on it.
        </p>
      )}
      <post.fetcher.Form method="post" className="space-y-3" hidden={!canWrite} {...getFormProps(form)} aria-label="New message">
        <input type="hidden" name="intent" value="post-message" />
        {files.map((f) => (
          <input key={f.path} type="hidden" name="files" value={f.path} />
        ))}
        <TextareaField label="Write a message" errors={fields.body.errors} textareaProps={{ ...getTextareaProps(fields.body, { ariaAttributes: false }), rows: 3, maxLength: JOB_MESSAGE_MAX }} />
        <ErrorList id={fields.files.errorId} errors={[...(fields.files.errors ?? []), ...(form.errors ?? [])]} />
        {files.length ? (
          <ul className="flex flex-wrap gap-2 text-sm" aria-label="Files to send">
            {files.map((f) => (
              <li key={f.path} className="flex items-center gap-1 rounded border border-(--color-border) px-2 py-0.5">
                {f.name}
                <button type="button" className={secondaryButtonClass} aria-label={`Remove ${f.name}`} onClick={() => setFiles((all) => all.filter((x) => x.path !== f.path))}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <JobFileUpload handle={uploader} area="job-messages" jobId={jobId} label="Attach a file (optional)" button="Attach" maxUploadBytes={maxUploadBytes} onUploaded={(path, name) => setFiles((all) => [...all.filter((f) => f.path !== path), { path, name }])} />
        <button type="submit" className={buttonClass} disabled={busy}>
          {uploadingFirst ? 'Uploading the file…' : post.busy ? 'Sending…' : 'Send message'}
        </button>
        <StatusMessage status={post.status} testId="thread-status" />
      </post.fetcher.Form>
    </PortalCard>
  )
}
