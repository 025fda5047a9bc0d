import { eq, sql } from 'drizzle-orm'
import { splitPostalAddress } from '../../../lib/profile-schema'
import { isAdminGroups } from '../../auth/actor'
import { getAppContext, type AppContext } from '../../context/app-context'
import { profiles, users } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { profileColumnFields, type Profile, type ProfileColumn } from './profile-types'

/**
 * One user with their profile, as a prepared statement (read on every visit to the dashboard): built
 * once per database, parsed and planned once per connection.
 */
const profileByDb = new WeakMap<AppContext['db'], ReturnType<typeof prepareProfile>>()
function prepareProfile(db: AppContext['db']) {
  return db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('load_profile')
}

/** Reads one user's profile without a permission check: callers check first. */
export async function loadProfile(userId: string): Promise<Profile> {
  const { db } = getAppContext()
  let statement = profileByDb.get(db)
  if (!statement) profileByDb.set(db, (statement = prepareProfile(db)))
  const [row] = await statement.execute({ userId })
  if (!row) throw new AppError('NOT_FOUND', 'User not found')
  return toProfile(row.user, row.profile)
}

/** Every field of the profile schema from its column ('' when unset), the address from its five parts. */
export function toProfile(user: typeof users.$inferSelect, profile: typeof profiles.$inferSelect | null): Profile {
  const fields = Object.fromEntries(profileColumnFields.map((f: ProfileColumn) => [f, profile?.[f] ?? ''])) as Record<ProfileColumn, string>
  return {
    userId: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    phoneNumberVerified: profile?.phoneNumberVerified ?? false,
    ...fields,
    ...splitPostalAddress(profile?.postalAddress),
    logoUrl: profile?.profilePictureUrl ?? null,
    jobUpdateMails: profile?.jobUpdateMails ?? true,
    groups: user.groups,
    isAdmin: isAdminGroups(user.groups),
  }
}
