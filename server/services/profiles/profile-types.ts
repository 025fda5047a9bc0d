import type { ProfileInput } from '../../../lib/profile-schema'

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
  /** /files/profile-pictures/{userId}/{name}: the client's own uploaded logo, or null. */
  logoUrl: string | null
  groups: string[]
  isAdmin: boolean
}
