import { and, asc, eq, gt, isNull } from 'drizzle-orm'
import { companyRoleAbilities, isCompanyRole, type CompanyRole } from '../../../lib/company-roles'
import { getAppContext } from '../../context/app-context'
import { companies, companyInvitations, companyMembers, profiles, users } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { displayNameFrom } from '../profiles/get-display-name'
import type { CompanyView } from '../../../lib/company-view'
import { requireSignedIn, toIso, type MaybeActor } from '../shared/authorize'
import { loadMembership } from './load-membership'

export interface GetCompanyOptions {
  actor: MaybeActor
  /** A client whose company an admin looks at; the actor's own company by default. */
  user?: string | null
}

/**
 * A company with its members, for its members (each sees every colleague and their role) and the
 * consultancy. Waiting invitations are shown only to those who may manage them.
 */
export async function getCompany({ actor: maybeActor, user }: GetCompanyOptions): Promise<CompanyView> {
  const actor = requireSignedIn(maybeActor)
  let companyId = actor.companyId
  if (user && user !== actor.userId) {
    if (!actor.isAdmin) throw new AppError('UNAUTHORIZED')
    companyId = (await loadMembership(user))?.companyId ?? null
  }
  if (!companyId) throw new AppError('NOT_FOUND', 'Company not found')
  const { db } = getAppContext()
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1)
  if (!company) throw new AppError('NOT_FOUND', 'Company not found')
  const canManage = actor.isAdmin || (actor.companyId === companyId && companyRoleAbilities(actor.companyRole).manage)
  const members = await db
    .select({ userId: users.id, email: users.email, role: companyMembers.role, joinedAt: companyMembers.createdAt, nickname: profiles.nickname, givenName: profiles.givenName, familyName: profiles.familyName })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(companyMembers.createdAt), asc(users.email))
  const invitations = canManage
    ? await db
        .select()
        .from(companyInvitations)
        .where(and(eq(companyInvitations.companyId, companyId), isNull(companyInvitations.acceptedAt), gt(companyInvitations.expiresAt, new Date())))
        .orderBy(asc(companyInvitations.createdAt))
    : []
  const owner = members.find((m) => m.role === 'owner')
  return {
    id: company.id,
    name: company.name ?? (owner ? `${displayNameFrom(owner)}'s company` : 'Company'),
    address: company.address ?? '',
    vatNumber: company.vatNumber ?? '',
    logoUrl: company.logoUrl,
    members: members.filter((m) => isCompanyRole(m.role)).map((m) => ({ userId: m.userId, email: m.email, name: displayNameFrom(m), role: m.role as CompanyRole, joinedAt: toIso(m.joinedAt)! })),
    invitations: invitations.filter((i) => isCompanyRole(i.role)).map((i) => ({ id: i.id, email: i.email, role: i.role as CompanyRole, expiresAt: toIso(i.expiresAt)! })),
    yourRole: actor.companyId === companyId ? actor.companyRole : null,
    canManage,
  }
}
