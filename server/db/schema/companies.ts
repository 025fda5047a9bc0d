import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { uuidId, moment, createdAt, updatedAt, ownerColumn } from './columns'
import { userColumn } from './user-column'

/**
 * A client company: the consultancy's client. Its jobs, and everything a job holds, belong to it; its
 * members act for it, each with a role. A person belongs to one company: whoever signs up on their
 * own gets a company of their own (a database trigger makes it with the account), and joins another
 * only by an owner's invitation.
 */
export const companies = pgTable('company', {
  id: uuidId(),
  /** Null until someone names it; pages then show its first owner's name. */
  name: text('name'),
  /** Five comma-joined parts: building, road, town, county, postcode. */
  address: text('address'),
  vatNumber: text('vat_number'),
  logoUrl: text('logo_url'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/** The company a row belongs to; the row goes with it. */
export const companyColumn = () => ownerColumn('company_id', () => companies.id)

/**
 * A person's place in their company: 'owner' (manages the members and the company's details),
 * 'approver' (also accepts quotes), 'member' (requests jobs, uploads, writes on the thread) or 'viewer'
 * (reads only). A person is a member of one company (the unique user column).
 */
export const companyMembers = pgTable(
  'company_member',
  {
    companyId: companyColumn(),
    userId: userColumn('user_id', 'cascade').notNull().unique(),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] })],
)

/**
 * An owner's invitation to join the company, mailed as a link. Only a SHA-256 of the link's token is
 * kept; it is used once (accepted_at) and ends at expires_at.
 */
export const companyInvitations = pgTable(
  'company_invitation',
  {
    id: uuidId(),
    companyId: companyColumn(),
    /** Lower-case; only an account with this email may accept. */
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: userColumn('invited_by', 'set null'),
    expiresAt: moment('expires_at').notNull(),
    acceptedAt: moment('accepted_at'),
    acceptedBy: userColumn('accepted_by', 'set null'),
    createdAt: createdAt(),
  },
  (t) => [index('company_invitation_company_idx').on(t.companyId, t.createdAt)],
)
