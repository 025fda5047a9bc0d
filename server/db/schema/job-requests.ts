import { date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { uuidId, createdAt, updatedAt, ownerColumn } from './columns'
import { userColumn } from './user-column'
import { companies } from './companies'

/**
 * JobRequests. The string-typed fields keep the types of the original data API, which scripts rely on:
 * priority is "1".."5", files is a JSON-encoded list, membership is "true".
 */
export const jobRequests = pgTable(
  'job_request',
  {
    id: uuidId(),
    /** The member who requested it; an account that has jobs is kept while they are (the consultancy's records). */
    user: userColumn('user', 'restrict').notNull(),
    /** The client company the job belongs to: its members see it, each as their role allows. */
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    job: text('job'),
    reference: text('reference'),
    instructions: text('instructions'),
    status: text('status'),
    priority: text('priority'),
    files: text('files'),
    membership: text('membership'),
    completedAt: date('completed_at'),
    releasedAt: date('released_at'),
    /** The day a quote of it was accepted: from then on the job is the consultancy's record, never deleted. */
    acceptedAt: date('accepted_at'),
    /** The day the consultancy archived it (hidden from the active job lists); null while active. */
    archivedAt: date('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('job_request_membership_user_idx').on(t.membership, t.user), index('job_request_company_idx').on(t.companyId, t.createdAt)],
)

/** The job a row belongs to; the row goes with it. */
export const jobColumn = () => ownerColumn('job_id', () => jobRequests.id)
