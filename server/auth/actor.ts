import { isCompanyRole, type CompanyRole } from '../../lib/company-roles'

/** Who is acting: the first thing a protected loader, action or resolver works out (it turns the request into this before anything else). */
export interface Actor {
  userId: string
  email: string
  groups: string[]
  /** The client company the person acts for, and their role in it (null only for an account without one). */
  companyId: string | null
  companyRole: CompanyRole | null
  /** An admin's rights: an admin group, and a session (or a token made in one) signed in with a second factor. */
  isAdmin: boolean
  /** The session the request came with; null or absent for an API token. */
  sessionId?: string | null
  /** Whether that session (or the session the token was made in) was signed in with a second factor. */
  secondFactor?: boolean
  /** In an admin group but without a second factor: no admin rights until it signs in with one. */
  adminNeedsSecondFactor?: boolean
  /** Set while an admin views the portal as this client (read-only): who is looking. */
  viewingAs?: { adminId: string; adminEmail: string }
}

/** An admin is a user one of whose group names contains "Admin". */
export function isAdminGroups(groups: readonly string[] | null | undefined): boolean {
  return (groups ?? []).some((g) => g.includes('Admin'))
}

/**
 * The actor of a signed-in user. Admins must use a second factor: an account in an admin group acts
 * as an admin only from a session signed in with one (an authenticator code, a recovery code or a
 * passkey), or with an API token made in such a session; otherwise it acts as a client of its own
 * and is told to set one up.
 */
export function actorOf(
  user: { id: string; email: string; groups: string[] | null | undefined },
  membership: { companyId: string; role: string } | null | undefined,
  { sessionId = null, secondFactor }: { sessionId?: string | null; secondFactor: boolean },
): Actor {
  const groups = user.groups ?? []
  const admin = isAdminGroups(groups)
  const companyRole = isCompanyRole(membership?.role) ? membership.role : null
  return {
    userId: user.id,
    email: user.email,
    groups,
    companyId: companyRole ? membership!.companyId : null,
    companyRole,
    isAdmin: admin && secondFactor,
    sessionId,
    secondFactor,
    adminNeedsSecondFactor: admin && !secondFactor,
  }
}
