import { postalAddressParts, profileSchema, type PostalAddressPart, type ProfileField, type ProfileInput } from '../../../lib/profile-schema'
import type { CompanyRole } from '../../../lib/company-roles'
import type { profiles } from '../../db/schema'

/**
 * A client's profile as the services return it, in the record's one vocabulary (lib/profile-schema.ts):
 * each editable field as stored ('' for none), the five address parts, and what the account holds.
 * GraphQL alone speaks the identity service's attribute names (server/graphql/modules/profiles.ts).
 */
export interface Profile extends ProfileInput {
  userId: string
  email: string
  emailVerified: boolean
  phoneNumberVerified: boolean
  /** The company's logo (/files/profile-pictures/{userId}/{name}, uploaded by one of its owners), or null. */
  logoUrl: string | null
  /** The company the person belongs to (its name and logo are `companyName` and `logoUrl`), and their role in it. */
  companyId: string | null
  companyRole: CompanyRole | null
  /** Mail about a job's stage changes and the consultancy's messages (quotes and released results always go). */
  jobUpdateMails: boolean
  groups: string[]
  isAdmin: boolean
}

/** The company's fields, shown and edited with the profile but stored on the company. */
export const companyProfileFields = ['companyName'] as const
export type CompanyProfileField = (typeof companyProfileFields)[number]

/** The profile fields stored in a column of their own name (the address parts share one column). */
export type ProfileColumnField = Exclude<ProfileField, PostalAddressPart | CompanyProfileField>

/** A profile field without a column of the same name fails to compile here. */
type EveryFieldHasAColumn<T extends keyof typeof profiles.$inferSelect> = T
export type ProfileColumn = EveryFieldHasAColumn<ProfileColumnField>

export const profileColumnFields = (Object.keys(profileSchema.shape) as ProfileField[]).filter(
  (f): f is ProfileColumnField => !(postalAddressParts as readonly string[]).includes(f) && !(companyProfileFields as readonly string[]).includes(f),
)
