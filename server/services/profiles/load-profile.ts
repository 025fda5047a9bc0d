import { eq, sql } from 'drizzle-orm'
import { isCompanyRole } from '../../../lib/company-roles'
import { splitPostalAddress } from '../../../lib/profile-schema'
import { isAdminGroups } from '../../auth/actor'
import { getAppContext, type AppContext } from '../../context/app-context'
import { companies, companyMembers, profiles, users } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { profileColumnFields, type Profile, type ProfileColumn } from './profile-types'

/**
 * One user with their profile, as a prepared statement (read on every visit to the dashboard): built
 * once per database, parsed and planned once per connection.
 */
const profileByDb = new WeakMap<AppContext['db'], ReturnType<typeof prepareProfile>>()
function prepareProfile(db: AppContext['db']) {
  return selectProfiles(db)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('load_profile')
}

/**
 * Users with their profiles and their companies, for a query to narrow down; each row becomes a Profile with `profileOfRow`.
 * Each joined object starts with a column that is never null in a joined row (Drizzle reads a joined
 * object whose first column is null as no row at all).
 */
export function selectProfiles(db: AppContext['db']) {
  return db
    .select({ user: users, profile: profiles, member: { companyId: companyMembers.companyId, role: companyMembers.role }, company: { id: companies.id, name: companies.name, logoUrl: companies.logoUrl } })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
    .leftJoin(companies, eq(companies.id, companyMembers.companyId))
}

type ProfileRow = Awaited<ReturnType<ReturnType<typeof selectProfiles>['execute']>>[number]

export function profileOfRow(row: ProfileRow): Profile {
  return toProfile(row.user, row.profile, row.member?.companyId && row.member.role ? { companyId: row.member.companyId, role: row.member.role, name: row.company?.name ?? null, logoUrl: row.company?.logoUrl ?? null } : null)
}

/** Reads one user's profile without a permission check: callers check first. */
export async function loadProfile(userId: string): Promise<Profile> {
  const { db } = getAppContext()
  let statement = profileByDb.get(db)
  if (!statement) profileByDb.set(db, (statement = prepareProfile(db)))
  const [row] = await statement.execute({ userId })
  if (!row) throw new AppError('NOT_FOUND', 'User not found')
  return profileOfRow(row)
}

/** What a profile shows of the person's company. */
export interface ProfileCompany {
  companyId: string
  role: string
  name: string | null
  logoUrl: string | null
}

/** Every field of the profile schema from its column ('' when unset), the address from its five parts. */
export function toProfile(user: typeof users.$inferSelect, profile: typeof profiles.$inferSelect | null, company: ProfileCompany | null): Profile {
  const fields = Object.fromEntries(profileColumnFields.map((f: ProfileColumn) => [f, profile?.[f] ?? ''])) as Record<ProfileColumn, string>
  return {
    userId: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    phoneNumberVerified: profile?.phoneNumberVerified ?? false,
    ...fields,
    companyName: company?.name ?? '',
    ...splitPostalAddress(profile?.postalAddress),
    logoUrl: company?.logoUrl ?? null,
    companyId: company?.companyId ?? null,
    companyRole: isCompanyRole(company?.role) ? company.role : null,
    jobUpdateMails: profile?.jobUpdateMails ?? true,
    groups: user.groups,
    isAdmin: isAdminGroups(user.groups),
  }
}
