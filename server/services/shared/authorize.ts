import { companyRoleAbilities } from '../../../lib/company-roles'
import type { Actor } from '../../auth/actor'
import { AppError } from '../../errors/app-error'

/** Services take `actor: Actor | null`; null is a guest. */
export type MaybeActor = Actor | null | undefined

export function requireSignedIn(actor: MaybeActor): Actor {
  if (!actor) throw new AppError('UNAUTHORIZED')
  return actor
}

export function requireAdmin(actor: MaybeActor): Actor {
  const a = requireSignedIn(actor)
  if (!a.isAdmin) throw new AppError('UNAUTHORIZED')
  return a
}

/** The owner of the data, or an admin acting for them. */
export function requireOwnerOrAdmin(actor: MaybeActor, ownerId: string | null | undefined): Actor {
  const a = requireSignedIn(actor)
  if (a.isAdmin || (ownerId && a.userId === ownerId)) return a
  throw new AppError('UNAUTHORIZED')
}

/** A job's viewer: an admin, or a member of the company the job belongs to (anyone else: refused). */
export function requireJobViewer(actor: Actor, job: { companyId: string }): Actor {
  if (actor.isAdmin || (actor.companyId !== null && actor.companyId === job.companyId)) return actor
  throw new AppError('UNAUTHORIZED')
}

/**
 * A client's role must allow the act (lib/company-roles.ts): 'work' (request, write, upload, move,
 * withdraw) or 'decide' (accept or decline a quote). The consultancy's admins act on every job.
 */
export function requireClientRole(actor: Actor, ability: 'work' | 'decide'): Actor {
  if (actor.isAdmin || companyRoleAbilities(actor.companyRole)[ability]) return actor
  throw new AppError('UNAUTHORIZED')
}

/** Who a call is for: the actor by default; another user only for an admin. */
export function resolveSubjectUserId(actor: MaybeActor, userId?: string | null): string {
  const a = requireSignedIn(actor)
  if (!userId || userId === a.userId) return a.userId
  if (!a.isAdmin) throw new AppError('UNAUTHORIZED')
  return userId
}

export function toIso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null
  return value instanceof Date ? value.toISOString() : value
}
