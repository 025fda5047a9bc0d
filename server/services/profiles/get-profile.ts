import type { MaybeActor } from '../shared/authorize'
import { resolveSubjectUserId } from '../shared/authorize'
import { loadProfile } from './load-profile'
import type { Profile } from './profile-types'

export interface GetProfileOptions {
  actor: MaybeActor
  /** Another user's id (admins only); the actor's own profile by default. */
  userId?: string | null
}

/** A user's attributes: their own, or any client's for an admin. */
export async function getProfile({ actor, userId }: GetProfileOptions): Promise<Profile> {
  const subject = resolveSubjectUserId(actor, userId)
  return loadProfile(subject)
}
