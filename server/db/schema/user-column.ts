import { text } from 'drizzle-orm/pg-core'
import { users } from './auth'

/**
 * A column naming an account. What becomes of the row when the account is removed is each table's
 * choice: it goes with it ('cascade'), keeps an empty name ('set null') or stops the removal ('restrict').
 */
export const userColumn = <TName extends string>(name: TName, onDelete: 'cascade' | 'set null' | 'restrict') =>
  text(name).references(() => users.id, { onDelete })
