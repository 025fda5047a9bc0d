import { joinPostalAddress, postalAddressParts, profileChangeSchema, type ProfileChange, type ProfileFormInput } from '../../../lib/profile-schema'
import { getAppContext } from '../../context/app-context'
import { eq } from 'drizzle-orm'
import { companies, profiles } from '../../db/schema'
import { requireCompanyManager } from '../companies/require-company-manager'
import { recordAudit } from '../audit/record-audit'
import { parseInput } from '../shared/parse-input'
import { resolveSubjectUserId, type MaybeActor, requireSignedIn } from '../shared/authorize'
import { loadProfile } from './load-profile'
import { deleteReplacedLogo, logoUrlOf } from './set-company-logo'
import { profileColumnFields, type Profile, type ProfileColumn } from './profile-types'

export interface UpdateProfileOptions {
  actor: MaybeActor
  /** Another user's id (admins only: an admin edits a client's details with a separate call). */
  userId?: string | null
  /** Fields of lib/profile-schema.ts; a field left out keeps its stored value, an empty one clears it. */
  input: Partial<ProfileFormInput>
  /**
   * The company logo, saved with the fields in one transaction: a stored path of the subject's logo
   * folder, null to remove it, left out to keep it.
   */
  logo?: string | null
}

/** The columns a change writes: each given field to its column of the same name ('' stored as null). */
function toColumns(change: ProfileChange): Partial<typeof profiles.$inferInsert> {
  const values: Partial<Record<ProfileColumn, string | null>> = {}
  for (const field of profileColumnFields) {
    const value = change[field]
    if (value !== undefined) values[field] = value === '' ? null : value
  }
  return values
}

/**
 * Saves the given fields of a profile (validated and normalised by the one profile schema), others
 * stay as they are. The address is one column of five comma-joined parts: giving any part sets all
 * five (the missing ones empty). An admin editing a client is audited.
 */
export async function updateProfile({ actor: maybeActor, userId, input, logo }: UpdateProfileOptions): Promise<Profile> {
  const actor = requireSignedIn(maybeActor)
  const subject = resolveSubjectUserId(actor, userId)
  const change = parseInput(profileChangeSchema, input)
  const values = toColumns(change)
  if (postalAddressParts.some((p) => change[p] !== undefined)) values.postalAddress = joinPostalAddress(change)
  const before = await loadProfile(subject) // NOT_FOUND for an unknown user
  // The company's name and logo are the company's: changed by its owners (a form that sends the name unchanged changes nothing).
  const companyName = change.companyName !== undefined && change.companyName !== before.companyName ? change.companyName : undefined
  if (companyName !== undefined) requireCompanyManager(actor, before.companyId, 'companyName')
  if (logo !== undefined) requireCompanyManager(actor, before.companyId, 'logo')
  const logoUrl = logo !== undefined ? await logoUrlOf(subject, logo) : undefined
  const { db } = getAppContext()
  await db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({ userId: subject, ...values, updatedAt: new Date() })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...values, updatedAt: new Date() } })
    if ((companyName !== undefined || logoUrl !== undefined) && before.companyId) {
      await tx
        .update(companies)
        .set({ ...(companyName !== undefined ? { name: companyName || null } : {}), ...(logoUrl !== undefined ? { logoUrl } : {}), updatedAt: new Date() })
        .where(eq(companies.id, before.companyId))
    }
    const fields = [...Object.keys(values), ...(companyName !== undefined ? ['companyName'] : [])]
    await recordAudit(tx, { actor, subjectUserId: subject, action: 'update-profile', details: { fields } })
    if (logo !== undefined) await recordAudit(tx, { actor, subjectUserId: subject, action: 'set-company-logo', details: { path: logo } })
  })
  if (logoUrl !== undefined) await deleteReplacedLogo(actor, subject, before, logoUrl)
  return loadProfile(subject)
}
