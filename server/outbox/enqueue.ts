import type { Database } from '../db/open-database'
import { outbox } from '../db/schema'

/** A transaction or the database: pass the transaction of the business change so both commit together. */
export type DbOrTx = Pick<Database, 'insert'>

export interface OutboxMessage {
  /** 'notification' goes to Discord (or the log); 'mail' goes to SMTP (or the dev mailbox). */
  channel: 'notification' | 'mail'
  kind: string
  payload: Record<string, unknown>
}

/** Records a message to deliver. Call it inside the transaction of the change it reports. */
export async function enqueueOutbox(db: DbOrTx, message: OutboxMessage) {
  await db.insert(outbox).values({ channel: message.channel, kind: message.kind, payload: message.payload })
}
