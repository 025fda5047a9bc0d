import { eq } from 'drizzle-orm'
import type { Database } from '../../server/db/open-database'
import { companyMembers } from '../../server/db/schema'

/** The company an account belongs to (every account gets one when it is made), for rows a test writes directly. */
export async function companyIdOf(db: Pick<Database, 'select'>, userId: string): Promise<string> {
  const [row] = await db.select({ companyId: companyMembers.companyId }).from(companyMembers).where(eq(companyMembers.userId, userId)).limit(1)
  if (!row) throw new Error(`no company for ${userId}`)
  return row.companyId
}
