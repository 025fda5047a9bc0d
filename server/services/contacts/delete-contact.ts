import { eq } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { contacts } from '../../db/schema'
import { requireAdmin, type MaybeActor } from '../shared/authorize'
import type { ContactMessage } from './contact-types'
import { getContact } from './get-contact'

export async function deleteContact({ actor, id }: { actor: MaybeActor; id: string }): Promise<ContactMessage> {
  requireAdmin(actor)
  const existing = await getContact({ actor, id })
  const { db } = getAppContext()
  await db.delete(contacts).where(eq(contacts.id, id))
  return existing
}
