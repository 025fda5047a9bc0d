import { eq, sql } from 'drizzle-orm'
import type { Database } from '../db/open-database'
import { users } from '../db/schema'

/** The group ADMIN_EMAILS and `npm run admin -- grant` give; any group containing "Admin" makes an admin. */
export const ADMINS_GROUP = 'Admins'

/** Adds the Admins group to an account. Returns false when no account has that email. */
export async function grantAdminGroup(db: Database, email: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ groups: sql`CASE WHEN ${ADMINS_GROUP} = ANY(${users.groups}) THEN ${users.groups} ELSE array_append(${users.groups}, ${ADMINS_GROUP}) END`, updatedAt: new Date() })
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .returning({ id: users.id })
  return rows.length > 0
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
