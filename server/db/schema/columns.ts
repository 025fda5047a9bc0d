import { text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'

/** The column groups most tables share, written once so each table's definition shows what is its own. */

/** A row's own id: a random UUID the database makes. */
export const uuidId = () => uuid('id').primaryKey().defaultRandom()

/** A moment, always with its time zone. */
export const moment = <TName extends string>(name: TName) => timestamp(name, { withTimezone: true })

/** When the row was written; the database fills it in. */
export const createdAt = () => moment('created_at').notNull().defaultNow()

/** When the row last changed; the database fills in the first value, the writes the later ones. */
export const updatedAt = () => moment('updated_at').notNull().defaultNow()

/** The id of what the row belongs to (its job, its company, its conversation): always set, and the row goes with it. */
export const ownerColumn = <TName extends string>(name: TName, owner: () => AnyPgColumn) => uuid(name).notNull().references(owner, { onDelete: 'cascade' })

/** The key of a row that adds to another one (a file's picture, an upload's reservation): the other's key, and the row goes with it. */
export const extensionKey = <TName extends string>(name: TName, owner: () => AnyPgColumn) => text(name).primaryKey().references(owner, { onDelete: 'cascade' })
