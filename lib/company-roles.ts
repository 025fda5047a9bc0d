/**
 * A client company's roles, from the most to the least a member may do. One table, read by the
 * services (each operation asks it before acting) and by the pages (which offer only what it allows).
 */
export const companyRoles = ['owner', 'approver', 'member', 'viewer'] as const
export type CompanyRole = (typeof companyRoles)[number]

export const companyRoleLabels: Record<CompanyRole, string> = {
  owner: 'Owner',
  approver: 'Approver',
  member: 'Member',
  viewer: 'Viewer',
}

/** What each role may do, as a person choosing a role reads it. */
export const companyRoleDescriptions: Record<CompanyRole, string> = {
  owner: 'Manages the members and the company’s details, and does everything an approver does.',
  approver: 'Accepts or declines quotes, signs off released revisions, and does everything a member does.',
  member: 'Requests jobs, uploads files, writes on a job’s thread and sees all the company’s jobs.',
  viewer: 'Reads the company’s jobs, files and threads; changes nothing.',
}

export interface CompanyRoleAbilities {
  /** Invite and remove members, change roles, edit the company's name, address, VAT number and logo. */
  manage: boolean
  /** Accept or decline a quote; accept or return a released revision. */
  decide: boolean
  /** Request jobs, upload files, write on a thread, move or withdraw a job. */
  work: boolean
  /** See the company's jobs, files, threads and released results. */
  read: boolean
}

export function companyRoleAbilities(role: CompanyRole | null | undefined): CompanyRoleAbilities {
  switch (role) {
    case 'owner':
      return { manage: true, decide: true, work: true, read: true }
    case 'approver':
      return { manage: false, decide: true, work: true, read: true }
    case 'member':
      return { manage: false, decide: false, work: true, read: true }
    case 'viewer':
      return { manage: false, decide: false, work: false, read: true }
    default:
      return { manage: false, decide: false, work: false, read: false }
  }
}

export function isCompanyRole(value: unknown): value is CompanyRole {
  return typeof value === 'string' && (companyRoles as readonly string[]).includes(value)
}
