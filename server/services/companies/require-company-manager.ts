import { companyRoleAbilities } from '../../../lib/company-roles'
import type { Actor } from '../../auth/actor'
import { AppError } from '../../errors/app-error'

export const ONLY_OWNERS_MESSAGE = 'Only an owner of the company can change this.'

/**
 * The company's details (name, address, VAT number, logo) and its members are managed by its owners,
 * and by the consultancy's admins. Anyone else is refused, at the field the change was made in.
 */
export function requireCompanyManager(actor: Actor, companyId: string | null, field?: string): void {
  if (actor.isAdmin) return
  if (companyId && actor.companyId === companyId && companyRoleAbilities(actor.companyRole).manage) return
  if (field) throw new AppError('BAD_REQUEST', ONLY_OWNERS_MESSAGE, { fieldErrors: { [field]: [ONLY_OWNERS_MESSAGE] } })
  throw new AppError('UNAUTHORIZED')
}
