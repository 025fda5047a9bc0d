import { AppError } from '../errors/app-error'
import type { Actor } from './actor'
import { resolveActor } from './resolve-actor'

/** The first line of a protected loader, action or resolver: the actor, or AppError('UNAUTHORIZED'). */
export async function requireActor(request: Request | { headers: Headers }): Promise<Actor> {
  const actor = await resolveActor(request)
  if (!actor) throw new AppError('UNAUTHORIZED')
  return actor
}
