import { jobStages, type JobStage } from './job-stages'
import { z } from './zod'

/**
 * The consultancy's work queue: every client's jobs in one list, with what needs the consultancy on
 * each. What "needs us" means is written here once; the service computes it, the page shows it.
 */

/**
 * Why a job needs the consultancy now. A released job waits for the client's approver, not for the
 * consultancy; a release the client returned (the job back in progress) is the consultancy's again.
 */
export const needsUsReasons = ['new-request', 'quote-accepted', 'client-messages', 'release-returned'] as const
export type NeedsUsReason = (typeof needsUsReasons)[number]

export const needsUsLabels: Record<NeedsUsReason, string> = {
  'new-request': 'New request to quote',
  'quote-accepted': 'Quote accepted: start the work',
  'client-messages': 'Unread messages from the client',
  'release-returned': 'Release returned: issue new revisions',
}

/** Stages at which a job waits for the client, not for the consultancy: said in the queue instead of "Nothing". */
export const waitingOnClientLabels: Partial<Record<JobStage, string>> = {
  quoted: 'Waiting for the client to answer the quote',
  released: 'Waiting for the client to sign off the release',
}

export const WORK_QUEUE_PAGE_SIZE = 20

/**
 * The queue's filters, as the page's address carries them (?stage=&owner=&needs=1&q=&page=). The
 * client filter is `owner`: on the dashboard's address `client` names the client an admin acts for.
 */
export const workQueueFilterSchema = z.object({
  stage: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(jobStages as unknown as [JobStage, ...JobStage[]]).optional()),
  owner: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().uuid().or(z.string().min(1).max(64)).optional()),
  needs: z.preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean()),
  q: z.preprocess((v) => (typeof v === 'string' ? v.trim() : undefined), z.string().max(200, 'At most 200 characters').optional()),
  page: z.preprocess((v) => (v === '' || v === null || v === undefined ? 1 : v), z.coerce.number().int().min(1).max(10_000)),
})
export type WorkQueueFilter = z.output<typeof workQueueFilterSchema>

export interface WorkQueueRow {
  id: string
  title: string
  reference: string | null
  stage: string
  client: { id: string; email: string; name: string; companyName: string }
  /** Why the consultancy is needed, first the most pressing; empty when nothing waits for it. */
  needs: NeedsUsReason[]
  /** Messages from the client the viewer has not read. */
  unread: number
  /** The newest of the request, its moves and its messages. */
  lastActivityAt: string
  createdAt: string
}

export interface WorkQueue {
  rows: WorkQueueRow[]
  /** Jobs that match the filters, over every page. */
  total: number
  page: number
  pageSize: number
  /** Active jobs that need the consultancy, whatever the filters: the header's count. */
  needsUsCount: number
  filter: WorkQueueFilter
}

/** The filters read from a page address's search part; a value that is not valid is left out. */
export function readWorkQueueFilter(search: URLSearchParams): WorkQueueFilter {
  const filter = workQueueFilterSchema.parse({})
  for (const key of Object.keys(workQueueFilterSchema.shape) as (keyof WorkQueueFilter)[]) {
    const parsed = workQueueFilterSchema.shape[key].safeParse(search.get(key))
    if (parsed.success) Object.assign(filter, { [key]: parsed.data })
  }
  return filter
}

/** The address's search part for a filter: only what differs from the defaults, so a plain queue is /profile. */
export function workQueueSearch(filter: Partial<WorkQueueFilter>): string {
  const params = new URLSearchParams()
  if (filter.stage) params.set('stage', filter.stage)
  if (filter.owner) params.set('owner', filter.owner)
  if (filter.needs) params.set('needs', '1')
  if (filter.q) params.set('q', filter.q)
  if (filter.page && filter.page > 1) params.set('page', String(filter.page))
  const search = params.toString()
  return search ? `?${search}` : ''
}
