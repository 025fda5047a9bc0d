import { asc, eq } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { users } from '../../db/schema'
import { requireAdmin, type MaybeActor } from '../shared/authorize'
import { profileOfRow, selectProfiles } from './load-profile'
import type { Profile } from './profile-types'

export interface ListClientsOptions {
  actor: MaybeActor
}

/** The admin's client selector: every verified account, by email. Admins only. */
export async function listClients({ actor }: ListClientsOptions): Promise<Profile[]> {
  requireAdmin(actor)
  const { db } = getAppContext()
  const rows = await selectProfiles(db).where(eq(users.emailVerified, true)).orderBy(asc(users.email))
  return rows.map(profileOfRow)
}
