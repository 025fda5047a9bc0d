import { asc, desc, eq, sql } from 'drizzle-orm'
import { jobAbilities } from '../../../lib/job-abilities'
import type { JobSide } from '../../../lib/job-stages'
import { today } from '../../../lib/quote-schema'
import { site } from '../../../lib/site'
import { getAppContext } from '../../context'
import { fileThumbnails, jobEvents, jobMessages, jobQuotes, profiles, storedFiles, users } from '../../db/schema'
import { displayNameOf, fileUrl, maySetThumbnail, thumbnailUrl } from '../files/file-types'
import { displayNameFrom } from '../profiles/get-display-name'
import { getJobRequest } from '../job-requests/get-job-request'
import { type MaybeActor, requireSignedIn } from '../shared/authorize'
import { sideOf, toQuoteView, viewerOf, type JobFileView, type JobView } from './job-types'

/**
 * Everything the job's page shows, for the client who owns it or an admin (anyone else: not found),
 * with what the viewer may do, read from the job stage table the services enforce. Deliverables are
 * left out for the client until the job is released; the file check of every download says the same.
 */
export async function getJob({ actor: maybeActor, id }: { actor: MaybeActor; id: string }): Promise<JobView> {
  const actor = requireSignedIn(maybeActor)
  const job = await getJobRequest({ actor, id })
  const a = actor
  const side = sideOf(a)
  const { db } = getAppContext()
  const inFolder = (area: string) => sql`starts_with(${storedFiles.path}, ${`${area}/${job.id}/`})`
  // A folder's files, by path, each with whether the viewer has rendered its picture yet.
  const filesIn = (area: string) =>
    db
      .select({ file: storedFiles, thumbnail: fileThumbnails.path })
      .from(storedFiles)
      .leftJoin(fileThumbnails, eq(fileThumbnails.path, storedFiles.path))
      .where(inFolder(area))
      .orderBy(asc(storedFiles.path))
  const can = jobAbilities(job, viewerOf(a, job))
  const showDeliverables = can.readDeliverables
  // One round of reads after the job itself: its client's name (and, for the consultancy, address),
  // the moves, the quotes, the files of each folder and the thread.
  const [[client], events, quotes, files, deliverables, messages, messageFiles] = await Promise.all([
    db
      .select({ email: users.email, nickname: profiles.nickname, givenName: profiles.givenName, familyName: profiles.familyName })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, job.user))
      .limit(1),
    db.select().from(jobEvents).where(eq(jobEvents.jobId, job.id)).orderBy(asc(jobEvents.createdAt)),
    db.select().from(jobQuotes).where(eq(jobQuotes.jobId, job.id)).orderBy(desc(jobQuotes.createdAt)),
    filesIn('job-files'),
    showDeliverables ? filesIn('job-deliverables') : Promise.resolve(null),
    db.select().from(jobMessages).where(eq(jobMessages.jobId, job.id)).orderBy(asc(jobMessages.createdAt)).limit(1000),
    filesIn('job-messages'),
  ])
  const clientName = displayNameFrom(client)
  const nameOf = (s: string) => (s === 'consultancy' ? site.companyName : clientName)
  const day = today()
  type FileRow = Awaited<ReturnType<typeof filesIn>>[number]
  const stored = new Map<string, FileRow>(messageFiles.map((f) => [f.file.path, f]))
  const toFile = ({ file: f, thumbnail }: FileRow): JobFileView => ({
    path: f.path,
    name: displayNameOf(f),
    size: f.size,
    url: fileUrl(f.path),
    thumbnailUrl: thumbnail !== null ? thumbnailUrl(f.path) : null,
    canSetThumbnail: maySetThumbnail(a, f),
  })
  return {
    job,
    side,
    can,
    timeline: [
      { id: `${job.id}-requested`, from: null, to: 'pending', by: clientName, side: 'client', note: 'Job requested', at: job.createdAt },
      ...events.map((e) => ({ id: e.id, from: e.fromStage, to: e.toStage, by: nameOf(e.actorSide), side: e.actorSide as JobSide, note: e.note, at: e.createdAt.toISOString() })),
    ],
    quotes: quotes.map((q) => toQuoteView(q, day)),
    files: files.map(toFile),
    deliverables: deliverables ? deliverables.map(toFile) : null,
    messages: messages.map((m) => ({
      id: m.id,
      body: m.body,
      author: m.authorId === a.userId ? 'You' : nameOf(m.authorSide),
      side: m.authorSide as JobSide,
      mine: m.authorId === a.userId,
      files: (m.files as string[]).flatMap((p) => (stored.has(p) ? [toFile(stored.get(p)!)] : [])),
      at: m.createdAt.toISOString(),
    })),
    clientEmail: a.isAdmin ? (client?.email ?? null) : null,
  }
}
