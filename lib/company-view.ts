import type { CompanyRole } from './company-roles'

/** One member as the company page lists them. */
export interface CompanyMemberView {
  userId: string
  email: string
  name: string
  role: CompanyRole
  joinedAt: string
}

/** An invitation still waiting (shown to those who manage the company). */
export interface CompanyInvitationView {
  id: string
  email: string
  role: CompanyRole
  expiresAt: string
}

/** A client company as the company page shows it to one of its members (or the consultancy): what the service returns and the page reads. */
export interface CompanyView {
  id: string
  name: string
  address: string
  vatNumber: string
  logoUrl: string | null
  members: CompanyMemberView[]
  /** Waiting invitations: for owners and the consultancy only (empty for anyone else). */
  invitations: CompanyInvitationView[]
  /** The viewer's own role (null for the consultancy). */
  yourRole: CompanyRole | null
  /** Whether the viewer may change the company's details and its members. */
  canManage: boolean
}
