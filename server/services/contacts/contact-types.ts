import type { contacts } from '../../db/schema'
import { toIso } from '../shared/authorize'

export interface ContactMessage {
  id: string
  name: string
  email: string
  message: string
  createdAt: string
  updatedAt: string
}

export function toContactMessage(row: typeof contacts.$inferSelect): ContactMessage {
  return { id: row.id, name: row.name, email: row.email, message: row.message, createdAt: toIso(row.createdAt)!, updatedAt: toIso(row.updatedAt)! }
}
