import { eq } from 'drizzle-orm'
import { splitPostalAddress } from '../../../lib/profile-schema'
import { isAdminGroups } from '../../auth/actor'
import { getAppContext } from '../../context'
import { profiles, users } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import type { Profile } from './profile-types'

/** Reads one user's profile without a permission check: callers check first. */
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
    email: user.email,
    emailVerified: user.emailVerified,
    phoneNumberVerified: profile?.phoneNumberVerified ?? false,
    phoneNumber: profile?.phoneNumber ?? '',
    nickname: profile?.nickname ?? '',
    givenName: profile?.givenName ?? '',
    familyName: profile?.familyName ?? '',
    website: profile?.website ?? '',
    companyName: profile?.companyName ?? '',
    ethereumAddress: profile?.ethereumAddress ?? '',
    ...splitPostalAddress(profile?.postalAddress),
    logoUrl: profile?.profilePictureUrl ?? null,
    groups: user.groups,
    isAdmin: isAdminGroups(user.groups),
  }
}
