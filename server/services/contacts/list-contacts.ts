import { desc } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { contacts } from '../../db/schema'
import { requireAdmin, type MaybeActor } from '../shared/authorize'
import { toContactMessage, type ContactMessage } from './contact-types'

/** Contact messages hold visitors' emails: only admins read them (creating one is open to guests). */
export async function listContacts({ actor, limit = 500 }: { actor: MaybeActor; limit?: number }): Promise<ContactMessage[]> {
  requireAdmin(actor)
  const { db } = getAppContext()
  const rows = await db.select().from(contacts).orderBy(desc(contacts.createdAt)).limit(Math.min(Math.max(1, limit), 1000))
  return rows.map(toContactMessage)
}
