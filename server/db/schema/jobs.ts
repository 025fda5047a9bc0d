import { bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { uuidId, moment, createdAt } from './columns'
import { userColumn } from './user-column'
import { jobColumn } from './job-requests'
import { revisionComments } from './reviews'
import { companies } from './companies'

/**
 * A job's life after its request: the moves between stages (its timeline), the quotes, the thread of
 * messages and who has read it. Each row belongs to one job request and goes with it.
 */

/** One move between stages, with who made it, when and why. */
export const jobEvents = pgTable(
  'job_event',
  {
    id: uuidId(),
    jobId: jobColumn(),
    fromStage: text('from_stage'),
    toStage: text('to_stage').notNull(),
    /** Who moved it; kept as null if that account is ever removed. */
    actorId: userColumn('actor_id', 'set null'),
    /** 'client' or 'consultancy'. */
    actorSide: text('actor_side').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('job_event_job_idx').on(t.jobId, t.createdAt)],
)

/** A quote: priced lines (pence), VAT, validity; 'sent', then 'accepted', 'declined' or 'superseded'. */
export const jobQuotes = pgTable(
  'job_quote',
  {
    id: uuidId(),
    /** Printed as Q-000123. */
    number: bigserial('number', { mode: 'number' }).notNull(),
    jobId: jobColumn(),
    lines: jsonb('lines').notNull(),
    /** VAT rate in hundredths of a percent (2000 = 20 %). */
    vatBasisPoints: integer('vat_basis_points').notNull(),
    subtotalPence: integer('subtotal_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    totalPence: integer('total_pence').notNull(),
    validUntil: date('valid_until').notNull(),
    note: text('note'),
    status: text('status').notNull().default('sent'),
    declineReason: text('decline_reason'),
    createdBy: userColumn('created_by', 'restrict').notNull(),
    createdAt: createdAt(),
    decidedAt: moment('decided_at'),
  },
  (t) => [index('job_quote_job_idx').on(t.jobId, t.createdAt)],
)

/** A message on a job's thread, with the files uploaded for it (paths in job-messages/{jobId}/). */
export const jobMessages = pgTable(
  'job_message',
  {
    id: uuidId(),
    jobId: jobColumn(),
    authorId: userColumn('author_id', 'restrict').notNull(),
    /** 'client' or 'consultancy': unread counts are per side. */
    authorSide: text('author_side').notNull(),
    body: text('body').notNull(),
    files: jsonb('files').notNull().default([]),
    /** The comment on a revision this message tells of (the thread lists each one, and opens it on the model). */
    revisionCommentId: uuid('revision_comment_id').references(() => revisionComments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('job_message_job_idx').on(t.jobId, t.createdAt)],
)

/** When a person last read a job's thread. */
export const jobReads = pgTable(
  'job_read',
  {
    jobId: jobColumn(),
    userId: userColumn('user_id', 'cascade').notNull(),
    readAt: moment('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.userId] })],
)

/**
 * A member's own choice to follow a job (mail about it comes to them) or not. Without a row, the job's
 * requester and the company's owners and approvers follow it, and the other members do not.
 */
export const jobFollows = pgTable(
  'job_follow',
  {
    jobId: jobColumn(),
    userId: userColumn('user_id', 'cascade').notNull(),
    following: boolean('following').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.userId] })],
)

/**
 * What is left of a deleted job: enough for its page to say what happened ("withdrawn by the client
 * on …") to those who could see the job (its client and the consultancy). Nothing else of the job is
 * kept: its quotes, thread and files are gone with it.
 */
export const jobTombstones = pgTable(
  'job_tombstone',
  {
    /** The deleted job's id. */
    jobId: uuid('job_id').primaryKey(),
    title: text('title'),
    reference: text('reference'),
    /** The member who requested the job (the tombstone goes with their account). */
    userId: userColumn('user_id', 'cascade').notNull(),
    /** The company the job belonged to: its members are told what happened (the tombstone goes with it). */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** 'client' (withdrawn) or 'consultancy' (deleted by the consultancy). */
    deletedBySide: text('deleted_by_side').notNull(),
    deletedBy: userColumn('deleted_by', 'set null'),
    deletedAt: moment('deleted_at').notNull().defaultNow(),
  },
  (t) => [index('job_tombstone_user_idx').on(t.userId), index('job_tombstone_company_idx').on(t.companyId)],
)
