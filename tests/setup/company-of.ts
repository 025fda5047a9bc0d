import { eq } from 'drizzle-orm'
import type { CompanyRole } from '../../lib/company-roles'
import type { Database } from '../../server/db/open-database'
import { companyMembers } from '../../server/db/schema'

/** The company an account belongs to (every account gets one when it is made), for rows a test writes directly. */
export async function companyIdOf(db: Pick<Database, 'select'>, userId: string): Promise<string> {
  const [row] = await db.select({ companyId: companyMembers.companyId }).from(companyMembers).where(eq(companyMembers.userId, userId)).limit(1)
  if (!row) throw new Error(`no company for ${userId}`)
  return row.companyId
}

/**
 * Makes an account a member of another company with a role (as an accepted invitation leaves it): its
 * own membership goes, one in `companyId` comes. The actor cache forgets the account (the membership's
 * trigger announces it), so its next request acts with the new role.
 */
export async function moveIntoCompany(db: Pick<Database, 'transaction'>, userId: string, companyId: string, role: CompanyRole): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(companyMembers).where(eq(companyMembers.userId, userId))
    await tx.insert(companyMembers).values({ companyId, userId, role })
  })
}
