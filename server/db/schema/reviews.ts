import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'
import type { PinnedView } from '../../../lib/review-comments'
import { createdAt, moment, uuidId, ownerColumn } from './columns'
import { bytea, storedFiles } from './files'
import { jobColumn } from './job-requests'
import { userColumn } from './user-column'

/**
 * Review and sign-off of a job's deliverables. A deliverable is a document (the name it was uploaded
 * under) with revisions: each upload of it is a new revision, kept with its file and SHA-256. A
 * release issues every revision not yet issued, gives each its code (P01, P02…) and records who it
 * was sent to (the transmittal). An approver of the client company then decides on each issued
 * revision, once: the decision is never changed, only followed by a new revision.
 */

/**
 * One release of a job's deliverables: its number (1, 2…), who released it, when, to whom it was sent,
 * and its transmittal as a PDF, rendered and kept as the release is issued (the one every download and
 * its mail give); null for a release made before transmittals were kept, whose transmittal is rendered
 * when asked for.
 */
export const jobReleases = pgTable(
  'job_release',
  {
    id: uuidId(),
    jobId: jobColumn(),
    number: integer('number').notNull(),
    releasedBy: userColumn('released_by', 'set null'),
    /** The addresses the release was mailed to, as they were at the release. */
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    transmittalPdf: bytea('transmittal_pdf'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('job_release_number_idx').on(t.jobId, t.number)],
)

/** One revision of a deliverable document: its file, kept for good once issued. */
export const deliverableRevisions = pgTable(
  'deliverable_revision',
  {
    id: uuidId(),
    jobId: jobColumn(),
    /** The document's name, as its first revision was uploaded: every revision of it shares the name. */
    document: text('document').notNull(),
    /** 1, 2… in upload order within the document. */
    sequence: integer('sequence').notNull(),
    /** The revision's file (a name the server made in the job's deliverables folder). */
    path: text('path')
      .notNull()
      .references(() => storedFiles.path, { onDelete: 'cascade' }),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The file's SHA-256, in hex, read from its bytes as its upload completed. */
    sha256: text('sha256').notNull(),
    uploadedBy: userColumn('uploaded_by', 'set null'),
    createdAt: createdAt(),
    /** The release that issued it; null while it is work the client does not see yet. */
    releaseId: uuid('release_id').references(() => jobReleases.id, { onDelete: 'cascade' }),
    /** Its code from its release on: P01, P02… */
    code: text('code'),
    issuedAt: moment('issued_at'),
  },
  (t) => [uniqueIndex('deliverable_revision_sequence_idx').on(t.jobId, t.document, t.sequence), uniqueIndex('deliverable_revision_path_idx').on(t.path), index('deliverable_revision_release_idx').on(t.releaseId)],
)

/**
 * A decision of the client company on one issued revision, made once: accepted, accepted with
 * comments, or returned with comments (a reason required). It records who, when, from where and the
 * revision's SHA-256 as it was decided on; an accepted revision also gets its code (C01, C02…). The
 * database refuses to change a decision.
 */
export const revisionDecisions = pgTable(
  'revision_decision',
  {
    id: uuidId(),
    revisionId: ownerColumn('revision_id', () => deliverableRevisions.id),
    jobId: jobColumn(),
    /** 'accepted', 'accepted_with_comments' or 'returned'. */
    decision: text('decision').notNull(),
    comment: text('comment'),
    /** The code the revision takes when accepted (C01…); null when returned. */
    acceptedCode: text('accepted_code'),
    decidedBy: userColumn('decided_by', 'set null'),
    /** Who decided, as they were named then: kept should the account go. */
    decidedByName: text('decided_by_name').notNull(),
    decidedByEmail: text('decided_by_email').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('revision_decision_revision_idx').on(t.revisionId), index('revision_decision_job_idx').on(t.jobId, t.createdAt)],
)

/**
 * A comment on a revision, pinned (a top-level comment may keep the view it was made in) or a reply to
 * one (parentId). A comment is resolved and reopened; it stays with the revision it was made on, and
 * the consultancy may carry the open ones over to the document's next revision (a copy naming the
 * comment it continues).
 */
export const revisionComments = pgTable(
  'revision_comment',
  {
    id: uuidId(),
    revisionId: ownerColumn('revision_id', () => deliverableRevisions.id),
    jobId: jobColumn(),
    parentId: uuid('parent_id').references((): AnyPgColumn => revisionComments.id, { onDelete: 'cascade' }),
    authorId: userColumn('author_id', 'set null'),
    /** 'client' or 'consultancy'. */
    authorSide: text('author_side').notNull(),
    body: text('body').notNull(),
    /** Where it is pinned and the view it keeps (lib/review-comments.ts); null when not pinned. */
    view: jsonb('view').$type<PinnedView>(),
    resolvedAt: moment('resolved_at'),
    resolvedBy: userColumn('resolved_by', 'set null'),
    /** The comment of an earlier revision this one carries over. */
    carriedFromId: uuid('carried_from_id').references((): AnyPgColumn => revisionComments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('revision_comment_revision_idx').on(t.revisionId, t.createdAt), index('revision_comment_job_idx').on(t.jobId)],
)
