import { and, eq, gt, isNull } from 'drizzle-orm'
import { isCompanyRole, type CompanyRole } from '../../../lib/company-roles'
import { getAppContext } from '../../context/app-context'
import { companies, companyInvitations } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { invitationTokenHash } from './invite-member'

export const INVITATION_GONE_MESSAGE = 'This invitation has expired, was used already or was withdrawn. Ask the company’s owner for a new one.'

export interface InvitationView {
  companyName: string
  role: CompanyRole
  email: string
  expiresAt: string
}

/**
 * What an invitation link offers (the company, the role and the address it was sent to), to whoever
 * holds the link: the token is the proof. A used, expired or withdrawn one is gone.
 */
export async function getInvitation({ token }: { token: string }): Promise<InvitationView> {
  const { db } = getAppContext()
  const [row] = await db
    .select({ email: companyInvitations.email, role: companyInvitations.role, expiresAt: companyInvitations.expiresAt, name: companies.name })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(and(eq(companyInvitations.tokenHash, invitationTokenHash(token)), isNull(companyInvitations.acceptedAt), gt(companyInvitations.expiresAt, new Date())))
    .limit(1)
  if (!row || !isCompanyRole(row.role)) throw new AppError('GONE', INVITATION_GONE_MESSAGE)
  return { companyName: row.name ?? 'a client company', role: row.role, email: row.email, expiresAt: row.expiresAt.toISOString() }
}
