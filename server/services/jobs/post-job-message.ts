import { inArray } from 'drizzle-orm'
import { jobMessageSchema } from '../../../lib/quote-schema'
import { getAppContext } from '../../context/app-context'
import { jobMessages, jobReads, storedFiles } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { displayNameOf, fileUrl, maySetThumbnail } from '../files/file-types'
import { requireClientRole, requireSignedIn, type MaybeActor } from '../shared/authorize'
import { parseInput } from '../shared/parse-input'
import { enqueueJobMail } from './enqueue-job-mail'
import { sideOf } from '../shared/job-viewer'
import { type JobMessageView } from './job-types'
import { limitJobAction } from './limit-job-action'
import { lockJob } from './lock-job'

export interface PostJobMessageOptions {
  actor: MaybeActor
  jobId: string
  body?: string | null
  /** Files already uploaded for this message into job-messages/{jobId}/. */
  files?: string[] | null
}

const fieldError = (field: string, message: string) => new AppError('BAD_REQUEST', message, { fieldErrors: { [field]: [message] } })

/**
 * A message on a job's thread, by its client or the consultancy: text, files, or both. The files must
 * be complete uploads in the job's own message folder (job-messages/{jobId}/), so a message can
 * never point at another job's or another client's file. Each thread file has a name the server made
 * when it was uploaded (the name its uploader gave it is what the thread shows), so a file of the same
 * name never replaces one the other side sent. The other side is mailed (a client's messages to the
 * consultancy grouped per job, and limited per client); the writer's own thread is
 * read up to this message.
 */
export async function postJobMessage({ actor, jobId, body, files }: PostJobMessageOptions): Promise<JobMessageView> {
  const fields = parseInput(jobMessageSchema, { body: body ?? '', files: files ?? [] })
  await limitJobAction(requireSignedIn(actor), 'message')
  const { db } = getAppContext()
  return db.transaction(async (tx) => {
    const { actor: a, job } = await lockJob(tx, actor, jobId)
    requireClientRole(a, 'work')
    const folder = `job-messages/${job.id}/`
    const paths = [...new Set(fields.files)]
    if (!fields.body && paths.length === 0) throw fieldError('body', 'Write a message or attach a file')
    if (paths.some((p) => !p.startsWith(folder) || p.slice(folder.length).includes('/'))) throw fieldError('files', "Files must be uploaded to this job's thread")
    const stored = paths.length ? await tx.select().from(storedFiles).where(inArray(storedFiles.path, paths)) : []
    if (stored.length !== paths.length) throw fieldError('files', 'A file has not finished uploading')
    // A message carries only its writer's uploads: the thread never shows one side's file as the other's.
    if (stored.some((f) => f.uploadedBy !== a.userId)) throw fieldError('files', 'Attach only files you uploaded')
    const side = sideOf(a)
    const [row] = await tx.insert(jobMessages).values({ jobId: job.id, authorId: a.userId, authorSide: side, body: fields.body, files: paths }).returning()
    await tx
      .insert(jobReads)
      .values({ jobId: job.id, userId: a.userId, readAt: row!.createdAt })
      .onConflictDoUpdate({ target: [jobReads.jobId, jobReads.userId], set: { readAt: row!.createdAt } })
    const excerpt = fields.body.length > 600 ? `${fields.body.slice(0, 600)}…` : fields.body
    const attached = stored.length ? `\n\nAttached: ${stored.map(displayNameOf).join(', ')}` : ''
    await enqueueJobMail(tx, {
      to: side === 'client' ? 'consultancy' : 'client',
      job,
      actorId: a.userId,
      what: side === 'client' ? 'new message from the client' : 'new message',
      text: `${side === 'client' ? 'The client' : 'We'} wrote on the job:\n\n${excerpt}${attached}`,
      optional: side === 'consultancy',
      grouped: side === 'client',
    })
    return {
      id: row!.id,
      body: row!.body,
      author: 'You',
      side,
      mine: true,
      // Just uploaded: no picture yet.
      files: stored.map((f) => ({ path: f.path, name: displayNameOf(f), size: f.size, url: fileUrl(f.path), thumbnailUrl: null, canSetThumbnail: maySetThumbnail(a, f) })),
      at: row!.createdAt.toISOString(),
    }
  })
}
