import { pgTable, text } from 'drizzle-orm/pg-core'
import { uuidId, createdAt, updatedAt } from './columns'

export const contacts = pgTable('contact', {
  id: uuidId(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})
