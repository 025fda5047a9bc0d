import { postalAddressParts, profileChangeSchema, joinPostalAddress, type PostalAddressPart, type ProfileChange, type ProfileField, type ProfileFormInput } from '../../../lib/profile-schema'
import { getAppContext } from '../../context'
import { profiles } from '../../db/schema'
import { recordAudit } from '../audit/record-audit'
import { parseInput } from '../shared/parse-input'
import { resolveSubjectUserId, type MaybeActor } from '../shared/authorize'
import { loadProfile } from './load-profile'
import type { Profile } from './profile-types'

export interface UpdateProfileOptions {
  actor: MaybeActor
  /** Another user's id (admins only: an admin edits a client's details with a separate call). */
  userId?: string | null
  /** Fields of lib/profile-schema.ts; a field left out keeps its stored value, an empty one clears it. */
  input: Partial<ProfileFormInput>
}

/** Every profile field but the address parts is a column of the same name (a new field without one fails to compile). */
type ColumnField = Exclude<ProfileField, PostalAddressPart>
type ProfileColumns = typeof profiles.$inferInsert
const everyFieldHasAColumn: Record<ColumnField, keyof ProfileColumns> = {
  phoneNumber: 'phoneNumber',
  nickname: 'nickname',
  givenName: 'givenName',
  familyName: 'familyName',
  website: 'website',
  companyName: 'companyName',
  ethereumAddress: 'ethereumAddress',
}

/** The columns a change writes: each given field, the address joined from its parts ('' stored as null). */
function toColumns(change: ProfileChange): Partial<ProfileColumns> {
  const values: Record<string, string | null> = {}
  for (const [field, value] of Object.entries(change) as [ProfileField, string | undefined][]) {
    if (value === undefined || (postalAddressParts as readonly string[]).includes(field)) continue
    values[everyFieldHasAColumn[field as ColumnField]] = value === '' ? null : value
  }
  return values
}

/**
 * Saves the given fields of a profile (validated and normalised by the one profile schema), others
 * stay as they are. The address is one column of five comma-joined parts: giving any part sets all
 * five (the missing ones empty). An admin editing a client is audited.
 */
export async function updateProfile({ actor, userId, input }: UpdateProfileOptions): Promise<Profile> {
  const subject = resolveSubjectUserId(actor, userId)
  const change = parseInput(profileChangeSchema, input)
  const values = toColumns(change)
  if (postalAddressParts.some((p) => change[p] !== undefined)) values.postalAddress = joinPostalAddress(change)
  await loadProfile(subject) // NOT_FOUND for an unknown user
  const { db } = getAppContext()
  await db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({ userId: subject, ...values, updatedAt: new Date() })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...values, updatedAt: new Date() } })
    await recordAudit(tx, { actor: actor!, subjectUserId: subject, action: 'update-profile', details: { fields: Object.keys(values) } })
  })
  return loadProfile(subject)
}
