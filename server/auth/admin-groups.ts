import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../db/open-database'
import { users } from '../db/schema'

/** The group ADMIN_EMAILS and `npm run admin -- grant` give; any group containing "Admin" makes an admin. */
export const ADMINS_GROUP = 'Admins'

/**
 * Adds the Admins group to a verified account. An unverified account is refused: until its address is
 * proven, its password may have been chosen by anyone who typed the address into the sign-up form.
 */
export async function grantAdminGroup(db: Database, email: string): Promise<'granted' | 'no-account' | 'unverified'> {
  const byEmail = eq(sql`lower(${users.email})`, email.trim().toLowerCase())
  const rows = await db
    .update(users)
    .set({ groups: sql`CASE WHEN ${ADMINS_GROUP} = ANY(${users.groups}) THEN ${users.groups} ELSE array_append(${users.groups}, ${ADMINS_GROUP}) END`, updatedAt: new Date() })
    .where(and(byEmail, eq(users.emailVerified, true)))
    .returning({ id: users.id })
  if (rows.length > 0) return 'granted'
  const [unverified] = await db.select({ id: users.id }).from(users).where(byEmail).limit(1)
  return unverified ? 'unverified' : 'no-account'
}

/** Removes every group whose name contains "Admin" (what makes an admin), keeping the others. */
export async function revokeAdminGroups(db: Database, email: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ groups: sql`ARRAY(SELECT g FROM unnest(${users.groups}) AS g WHERE position('Admin' in g) = 0)::text[]`, updatedAt: new Date() })
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .returning({ id: users.id })
  return rows.length > 0
}
