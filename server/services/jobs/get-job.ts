import { eq, sql } from 'drizzle-orm'
import { jobAbilities } from '../../../lib/job-abilities'
import type { JobSide } from '../../../lib/job-stages'
import { today } from '../../../lib/quote-schema'
import { site } from '../../../lib/site'
import { getAppContext, type AppContext } from '../../context/app-context'
import { companyMembers, deliverableRevisions, fileThumbnails, jobEvents, jobFollows, jobMessages, jobQuotes, jobReleases, jobRequests, profiles, revisionComments, revisionDecisions, storedFiles, users } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { displayNameOf, fileUrl, maySetThumbnail, thumbnailUrl } from '../files/file-types'
import { displayNameFrom } from '../profiles/get-display-name'
import { explainMissingJob } from './explain-missing-job'
import { toJobRequest } from './job-request-types'
import { requireJobViewer, requireSignedIn, type MaybeActor } from '../shared/authorize'
import { sideOf, viewerOf } from '../shared/job-viewer'
import { toQuoteView, type JobFileView, type JobView } from './job-types'
import { reviewViewOf, type CommentRow, type DecisionRow, type ReleaseRow, type RevisionRow } from './review-view'

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A row with the name its author (a member of the client company, or someone of the consultancy) goes by. */
type Named = { nickname: string | null; givenName: string | null; familyName: string | null }
type EventRow = typeof jobEvents.$inferSelect & Named
type QuoteRow = typeof jobQuotes.$inferSelect
type MessageRow = typeof jobMessages.$inferSelect & Named
type FileRow = { file: typeof storedFiles.$inferSelect; thumbnail: string | null }

/**
 * A table's rows as PostgreSQL's to_jsonb writes them (column names, timestamps as text), back in the
 * shape Drizzle reads them: property names in camel case, the named timestamp columns as dates.
 */
function rowsOf<T>(json: unknown, timestamps: readonly string[]): T[] {
  return ((json ?? []) as Record<string, unknown>[]).map((row) => {
    const out: Record<string, unknown> = {}
    for (const [column, value] of Object.entries(row)) {
      const key = camelCaseOf(column)
      out[key] = timestamps.includes(key) && typeof value === 'string' ? new Date(value) : value
    }
    return out as T
  })
}

/** Column names in camel case, remembered: the tables' few columns recur in every row of every visit. */
const camelCase = new Map<string, string>()
function camelCaseOf(column: string): string {
  let key = camelCase.get(column)
  if (key === undefined) {
    key = column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())
    // Only the tables' own columns reach here (to_jsonb of whole rows), so the map stays small.
    camelCase.set(column, key)
  }
  return key
}

/**
 * The files of one of the job's folders, by path, each with whether its picture was rendered yet. The
 * folder is a range of paths compared byte by byte (`from` <= path < `to`, `to` being the folder's
 * name with its closing "/" raised to "0"), which the index on `path COLLATE "C"` answers; a
 * `starts_with` could not use it in a prepared statement's plan.
 */
const filesIn = (area: string) => sql<unknown>`(
  SELECT coalesce(jsonb_agg(jsonb_build_object('file', to_jsonb(f), 'thumbnail', t.path) ORDER BY f.path), '[]'::jsonb)
  FROM ${storedFiles} f LEFT JOIN ${fileThumbnails} t ON t.path = f.path
  WHERE f.path COLLATE "C" >= ${sql.placeholder(`${area}From`)} AND f.path COLLATE "C" < ${sql.placeholder(`${area}To`)})`

const folders = ['job-files', 'job-deliverables', 'job-messages'] as const

/** The placeholders' values for a job's folders: `job-files/{id}/` up to (not including) `job-files/{id}0`. */
function folderRanges(id: string): Record<string, string> {
  const ranges: Record<string, string> = {}
  for (const area of folders) {
    ranges[`${area}From`] = `${area}/${id}/`
    ranges[`${area}To`] = `${area}/${id}0`
  }
  return ranges
}

/**
 * The job's page in one statement: the job with its client's name and address, its moves, quotes,
 * thread and the files of its three folders, each part built by PostgreSQL as JSON. Prepared once per
 * database and parsed and planned once per connection, as the page's data is asked for on every visit.
 */
const jobPageByDb = new WeakMap<AppContext['db'], ReturnType<typeof prepareJobPage>>()
function prepareJobPage(db: AppContext['db']) {
  return db
    .select({
      job: jobRequests,
      email: users.email,
      nickname: profiles.nickname,
      givenName: profiles.givenName,
      familyName: profiles.familyName,
      events: sql<unknown>`(SELECT coalesce(jsonb_agg(to_jsonb(e) || jsonb_build_object('nickname', p.nickname, 'given_name', p.given_name, 'family_name', p.family_name) ORDER BY e.created_at), '[]'::jsonb) FROM ${jobEvents} e LEFT JOIN ${profiles} p ON p.user_id = e.actor_id WHERE e.job_id = ${jobRequests.id})`,
      quotes: sql<unknown>`(SELECT coalesce(jsonb_agg(to_jsonb(q) ORDER BY q.created_at DESC), '[]'::jsonb) FROM ${jobQuotes} q WHERE q.job_id = ${jobRequests.id})`,
      messages: sql<unknown>`(SELECT coalesce(jsonb_agg(to_jsonb(m) || jsonb_build_object('nickname', p.nickname, 'given_name', p.given_name, 'family_name', p.family_name) ORDER BY m.created_at), '[]'::jsonb) FROM (SELECT * FROM ${jobMessages} WHERE job_id = ${jobRequests.id} ORDER BY created_at LIMIT 1000) m LEFT JOIN ${profiles} p ON p.user_id = m.author_id)`,
      following: sql<boolean | null>`(SELECT f.following FROM ${jobFollows} f WHERE f.job_id = ${jobRequests.id} AND f.user_id = ${sql.placeholder('viewer')})`,
      files: filesIn('job-files'),
      deliverables: filesIn('job-deliverables'),
      messageFiles: filesIn('job-messages'),
      revisions: sql<unknown>`(SELECT coalesce(jsonb_agg(to_jsonb(r)), '[]'::jsonb) FROM ${deliverableRevisions} r WHERE r.job_id = ${jobRequests.id})`,
      // A release's kept transmittal is its download's, not the page's.
      releases: sql<unknown>`(SELECT coalesce(jsonb_agg(to_jsonb(r) - 'transmittal_pdf'), '[]'::jsonb) FROM ${jobReleases} r WHERE r.job_id = ${jobRequests.id})`,
      comments: sql<unknown>`(SELECT coalesce(jsonb_agg(to_jsonb(c) || jsonb_build_object('nickname', p.nickname, 'given_name', p.given_name, 'family_name', p.family_name, 'resolver_nickname', rp.nickname, 'resolver_given_name', rp.given_name, 'resolver_family_name', rp.family_name, 'resolver_is_client', EXISTS (SELECT 1 FROM ${companyMembers} m WHERE m.user_id = c.resolved_by AND m.company_id = ${jobRequests.companyId}))), '[]'::jsonb) FROM ${revisionComments} c LEFT JOIN ${profiles} p ON p.user_id = c.author_id LEFT JOIN ${profiles} rp ON rp.user_id = c.resolved_by WHERE c.job_id = ${jobRequests.id})`,
      decisions: sql<unknown>`(SELECT coalesce(jsonb_agg(to_jsonb(d) ORDER BY d.created_at), '[]'::jsonb) FROM ${revisionDecisions} d WHERE d.job_id = ${jobRequests.id})`,
    })
    .from(jobRequests)
    .innerJoin(users, eq(users.id, jobRequests.user))
    .leftJoin(profiles, eq(profiles.userId, jobRequests.user))
    .where(eq(jobRequests.id, sql.placeholder('id')))
    .limit(1)
    .prepare('get_job_page')
}

/**
 * Everything the job's page shows, for the members of the client company it belongs to or an admin (anyone else: refused; a
 * deleted job says what happened to those who could see it), with what the viewer may do, read from
 * the job stage table the services enforce. The client sees the revisions of deliverables issued to
 * it, none before the first release; the file check of every download says the same.
 * Nothing of the one statement's answer leaves this function before the viewer is checked against the
 * job's company.
 */
export async function getJob({ actor: maybeActor, id }: { actor: MaybeActor; id: string }): Promise<JobView> {
  const a = requireSignedIn(maybeActor)
  if (!uuid.test(id)) throw new AppError('NOT_FOUND', 'Job request not found')
  const { db } = getAppContext()
  let jobPage = jobPageByDb.get(db)
  if (!jobPage) jobPageByDb.set(db, (jobPage = prepareJobPage(db)))
  const [row] = await jobPage.execute({ id, viewer: a.userId, ...folderRanges(id) })
  if (!row) throw await explainMissingJob(db, a, id)
  requireJobViewer(a, row.job)
  const job = toJobRequest(row.job)
  const side = sideOf(a)
  const can = jobAbilities(job, viewerOf(a, job))
  const events = rowsOf<EventRow>(row.events, ['createdAt'])
  const quotes = rowsOf<QuoteRow>(row.quotes, ['createdAt', 'decidedAt'])
  const messages = rowsOf<MessageRow>(row.messages, ['createdAt'])
  const filesOf = (json: unknown): FileRow[] =>
    ((json ?? []) as { file: unknown; thumbnail: string | null }[]).map(({ file, thumbnail }) => ({ file: rowsOf<FileRow['file']>([file], ['lastModified'])[0]!, thumbnail }))
  const clientName = displayNameFrom(row)
  // The consultancy speaks as the firm; each member of the client company by their own name.
  const nameOf = (side: string, author?: Named) => (side === 'consultancy' ? site.companyName : author ? displayNameFrom(author) : clientName)
  const day = today()
  const stored = new Map<string, FileRow>(filesOf(row.messageFiles).map((f) => [f.file.path, f]))
  const toFile = ({ file: f, thumbnail }: FileRow): JobFileView => ({
    path: f.path,
    name: displayNameOf(f),
    size: Number(f.size),
    url: fileUrl(f.path),
    thumbnailUrl: thumbnail !== null ? thumbnailUrl(f.path) : null,
    canSetThumbnail: maySetThumbnail(a, f),
    keyNumbers: f.resultSummary ?? null,
  })
  type ResolverNamed = { resolverNickname: string | null; resolverGivenName: string | null; resolverFamilyName: string | null; resolverIsClient: boolean }
  const comments = rowsOf<Omit<CommentRow, 'authorName'> & Named & ResolverNamed>(row.comments, ['createdAt', 'resolvedAt'])
  const commentRevision = new Map(comments.map((c) => [c.id, c.revisionId]))
  const deliverableFiles = new Map(filesOf(row.deliverables).map((f) => [f.file.path, toFile(f)]))
  const { review, currentFiles } = reviewViewOf({
    jobId: job.id,
    side,
    can,
    revisions: rowsOf<RevisionRow>(row.revisions, ['createdAt', 'issuedAt']),
    releases: rowsOf<ReleaseRow>(row.releases, ['createdAt']),
    decisions: rowsOf<DecisionRow>(row.decisions, ['createdAt']),
    comments: comments.map((c) => ({ ...c, authorName: nameOf(c.authorSide, c) })),
    names: new Map(comments.flatMap((c) => (c.resolvedBy ? [[c.resolvedBy, c.resolverIsClient ? displayNameFrom({ nickname: c.resolverNickname, givenName: c.resolverGivenName, familyName: c.resolverFamilyName }) : site.companyName] as const] : []))),
    viewerId: a.userId,
    files: deliverableFiles,
    consultancyName: site.companyName,
  })
  return {
    job,
    side,
    can,
    timeline: [
      { id: `${job.id}-requested`, from: null, to: 'pending', by: clientName, side: 'client', note: 'Job requested', at: job.createdAt },
      ...events.map((e) => ({ id: e.id, from: e.fromStage, to: e.toStage, by: nameOf(e.actorSide, e), side: e.actorSide as JobSide, note: e.note, at: e.createdAt.toISOString() })),
    ],
    quotes: quotes.map((q) => toQuoteView(q, day)),
    files: filesOf(row.files).map(toFile),
    deliverables: currentFiles,
    review,
    messages: messages.map((m) => ({
      id: m.id,
      body: m.body,
      author: m.authorId === a.userId ? 'You' : nameOf(m.authorSide, m),
      side: m.authorSide as JobSide,
      mine: m.authorId === a.userId,
      files: (m.files as string[]).flatMap((p) => (stored.has(p) ? [toFile(stored.get(p)!)] : [])),
      at: m.createdAt.toISOString(),
      revisionComment: m.revisionCommentId && commentRevision.has(m.revisionCommentId) ? { id: m.revisionCommentId, revisionId: commentRevision.get(m.revisionCommentId)! } : null,
    })),
    clientEmail: a.isAdmin ? row.email : null,
    following: a.isAdmin ? null : (row.following ?? (job.user === a.userId || a.companyRole === 'owner' || a.companyRole === 'approver')),
  }
}
