import { eq } from 'drizzle-orm'
import { isAdminGroups } from '../../auth/actor'
import { getAppContext } from '../../context'
import { profiles, users } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { splitPostalAddress, type Profile } from './profile-types'

/** Reads one user's attributes without a permission check: callers check first. */
export async function loadProfile(userId: string): Promise<Profile> {
  const { db } = getAppContext()
  const [row] = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1)
  if (!row) throw new AppError('NOT_FOUND', 'User not found')
  return toProfile(row.user, row.profile)
}

export function toProfile(user: typeof users.$inferSelect, profile: typeof profiles.$inferSelect | null): Profile {
  return {
    userId: user.id,
    attributes: {
      sub: user.id,
      email: user.email,
      email_verified: user.emailVerified,
      phone_number: profile?.phoneNumber ?? null,
      phone_number_verified: profile?.phoneNumberVerified ?? false,
      nickname: profile?.nickname ?? null,
      family_name: profile?.familyName ?? null,
      given_name: profile?.givenName ?? null,
      website: profile?.website ?? null,
      custom_postaladdress: profile?.postalAddress ?? null,
      custom_companyName: profile?.companyName ?? null,
      custom_profilePictureUrl: profile?.profilePictureUrl ?? null,
      custom_EthereumAddress: profile?.ethereumAddress ?? null,
    },
    postalAddress: splitPostalAddress(profile?.postalAddress),
    groups: user.groups,
    isAdmin: isAdminGroups(user.groups),
  }
}
