import { and, eq, sql } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import type { Database } from '../../db/open-database'
import { users } from '../../db/schema'

/**
 * Where mail for the consultancy goes (a job's news, comments waiting for approval): its address for
 * clients' matters (JOB_NOTIFY_EMAIL) when it is set, else every verified admin.
 */
export async function consultancyAddresses(tx: Pick<Database, 'select'>): Promise<string[]> {
  const configured = getAppContext().env.JOB_NOTIFY_EMAIL
  if (configured) return [configured]
  const rows = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.emailVerified, true), sql`exists (select 1 from unnest(${users.groups}) g where position('Admin' in g) > 0)`))
    .limit(50)
  return rows.map((r) => r.email)
}
