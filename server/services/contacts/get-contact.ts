import { eq } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { contacts } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { isUuid } from '../shared/is-uuid'
import { requireAdmin, type MaybeActor } from '../shared/authorize'
import { toContactMessage, type ContactMessage } from './contact-types'

export async function getContact({ actor, id }: { actor: MaybeActor; id: string }): Promise<ContactMessage> {
  requireAdmin(actor)
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Contact not found')
  const { db } = getAppContext()
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id)).limit(1)
  if (!row) throw new AppError('NOT_FOUND', 'Contact not found')
  return toContactMessage(row)
}
