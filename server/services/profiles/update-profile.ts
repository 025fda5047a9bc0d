import { getAppContext } from '../../context'
import { profiles } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { recordAudit } from '../audit/record-audit'
import { resolveSubjectUserId, type MaybeActor } from '../shared/authorize'
import { loadProfile } from './load-profile'
import { profileUpdateSchema, type Profile, type ProfileUpdateInput } from './profile-types'

export interface UpdateProfileOptions {
  actor: MaybeActor
  /** Another user's id (admins only: "a separate update call" of SPEC.md section 6). */
  userId?: string | null
  attributes: ProfileUpdateInput
}

const columns = {
  phone_number: 'phoneNumber',
  nickname: 'nickname',
  family_name: 'familyName',
  given_name: 'givenName',
  website: 'website',
  custom_postaladdress: 'postalAddress',
  custom_companyName: 'companyName',
  custom_profilePictureUrl: 'profilePictureUrl',
  custom_EthereumAddress: 'ethereumAddress',
} as const satisfies Record<keyof ProfileUpdateInput, keyof typeof profiles.$inferInsert>

/** Saves the given attributes (others stay as they are); an admin editing a client is audited. */
export async function updateProfile({ actor, userId, attributes }: UpdateProfileOptions): Promise<Profile> {
  const subject = resolveSubjectUserId(actor, userId)
  const parsed = profileUpdateSchema.safeParse(attributes)
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {}
    for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0] ?? '')] ??= []).push(issue.message)
    throw new AppError('BAD_REQUEST', 'Update failed', { fieldErrors })
  }
  const values: Partial<typeof profiles.$inferInsert> = {}
  for (const [key, column] of Object.entries(columns) as [keyof ProfileUpdateInput, keyof typeof values][]) {
    const value = parsed.data[key]
    if (value !== undefined) (values as Record<string, unknown>)[column] = value === '' ? null : value
  }
  await loadProfile(subject) // NOT_FOUND for an unknown user
  const { db } = getAppContext()
  await db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({ userId: subject, ...values, updatedAt: new Date() })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...values, updatedAt: new Date() } })
    await recordAudit(tx, { actor: actor!, subjectUserId: subject, action: 'update-profile', details: { attributes: Object.keys(values) } })
  })
  return loadProfile(subject)
}
