import type { CompanyRole } from '../../../lib/company-roles'
import type { Actor } from '../../auth/actor'
import { requireSignedIn, resolveSubjectUserId, type MaybeActor } from '../shared/authorize'
import { loadMembership } from './load-membership'

/**
 * The company whose jobs a call is about: the actor's own company by default; an admin may name any
 * client, whose company it is then, with that client's role in it. Null for a person without a
 * company (they see no jobs).
 */
export async function companyOfSubject(actor: MaybeActor, user?: string | null): Promise<{ actor: Actor; subject: string; companyId: string | null; companyRole: CompanyRole | null }> {
  const a = requireSignedIn(actor)
  const subject = resolveSubjectUserId(a, user)
  if (subject === a.userId) return { actor: a, subject, companyId: a.companyId, companyRole: a.companyRole }
  const membership = await loadMembership(subject)
  return { actor: a, subject, companyId: membership?.companyId ?? null, companyRole: membership?.companyRole ?? null }
}
