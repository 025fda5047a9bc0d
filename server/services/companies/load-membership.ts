import { eq } from 'drizzle-orm'
import { isCompanyRole, type CompanyRole } from '../../../lib/company-roles'
import { getAppContext } from '../../context/app-context'
import { companyMembers } from '../../db/schema'

export interface Membership {
  companyId: string
  companyRole: CompanyRole
}

/** The company a person acts for now and their role in it; null for none. Read without a permission check. */
export async function loadMembership(userId: string): Promise<Membership | null> {
  const { db } = getAppContext()
  const [row] = await db.select({ companyId: companyMembers.companyId, role: companyMembers.role }).from(companyMembers).where(eq(companyMembers.userId, userId)).limit(1)
  return row && isCompanyRole(row.role) ? { companyId: row.companyId, companyRole: row.role } : null
}

/** An actor's company fields from a membership (none: null). */
export function companyFieldsOf(membership: Membership | null): { companyId: string | null; companyRole: CompanyRole | null } {
  return { companyId: membership?.companyId ?? null, companyRole: membership?.companyRole ?? null }
}
