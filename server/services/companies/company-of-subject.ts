import type { Actor } from '../../auth/actor'
import { requireSignedIn, resolveSubjectUserId, type MaybeActor } from '../shared/authorize'
import { loadMembership } from './load-membership'

/**
 * The company whose jobs a call is about: the actor's own company by default; an admin may name any
 * client, whose company it is then. Null for a person without a company (they see no jobs).
 */
export async function companyOfSubject(actor: MaybeActor, user?: string | null): Promise<{ actor: Actor; subject: string; companyId: string | null }> {
  const a = requireSignedIn(actor)
  const subject = resolveSubjectUserId(a, user)
  if (subject === a.userId) return { actor: a, subject, companyId: a.companyId }
  return { actor: a, subject, companyId: (await loadMembership(subject))?.companyId ?? null }
}
