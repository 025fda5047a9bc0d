import { eq } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { profiles } from '../../db/schema'

/** Shown beside what a user writes in public (a blog comment) when no profile name is set. */
export const DEFAULT_DISPLAY_NAME = 'Client'

/**
 * The name a user is shown by to other people: their nickname, else given and family name, else
 * "Client". Never the email address or the id, which other visitors must not learn. No permission
 * check: it is what the user chose to be called.
 */
export async function getDisplayName(userId: string): Promise<string> {
  const { db } = getAppContext()
  const [row] = await db
    .select({ nickname: profiles.nickname, givenName: profiles.givenName, familyName: profiles.familyName })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1)
  return displayNameFrom(row)
}

/** The display name from a profile's name fields (none: "Client"). */
export function displayNameFrom(row: { nickname: string | null; givenName: string | null; familyName: string | null } | undefined): string {
  const nickname = row?.nickname?.trim()
  if (nickname) return nickname
  const fullName = [row?.givenName?.trim(), row?.familyName?.trim()].filter(Boolean).join(' ')
  return fullName || DEFAULT_DISPLAY_NAME
}
