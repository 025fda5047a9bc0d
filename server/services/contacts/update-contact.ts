import { eq } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { contacts } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { requireAdmin, type MaybeActor } from '../shared/authorize'
import { toContactMessage, type ContactMessage } from './contact-types'
import { getContact } from './get-contact'

export interface UpdateContactOptions {
  actor: MaybeActor
  id: string
  input: { name?: string | null; email?: string | null; message?: string | null }
}

/** Admins correct a stored message (e.g. a typo in the reply address). */
export async function updateContact({ actor, id, input }: UpdateContactOptions): Promise<ContactMessage> {
  requireAdmin(actor)
  await getContact({ actor, id })
  const set: Partial<typeof contacts.$inferInsert> = { updatedAt: new Date() }
  for (const key of ['name', 'email', 'message'] as const) {
    const v = input[key]
    if (v === undefined || v === null) continue
    if (!v.trim() || v.length > 1800) throw new AppError('BAD_REQUEST', `Invalid ${key}`)
    set[key] = v
  }
  const { db } = getAppContext()
  const [row] = await db.update(contacts).set(set).where(eq(contacts.id, id)).returning()
  return toContactMessage(row!)
}
