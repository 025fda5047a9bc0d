import { and, desc, eq } from 'drizzle-orm'
import { getAppContext } from '../context/app-context'
import { outbox } from '../db/schema'
import { trustedProxiesOf } from '../http/client-ip'
import { mayReadDevMailbox, type DevMailboxVisitor } from './is-dev-mailbox-enabled'
import { mailMessageSchema } from './mail-message-schema'

export interface DevMailboxEntry {
  id: number
  to: string
  subject: string
  text: string
  sentAt: string
}

/**
 * The mails "sent" without SMTP, newest first, for the /dev/mailbox page; undefined when the page must
 * not exist for this visitor (SMTP configured, a public address that is not this machine, or a request
 * that did not come straight from this machine). They are read back from the outbox rows the dev
 * transport delivered, so they survive a restart and every instance sees them.
 */
export async function listDevMailbox({ visitor, limit = 50 }: { visitor: DevMailboxVisitor; limit?: number }): Promise<DevMailboxEntry[] | undefined> {
  const ctx = getAppContext()
  const { env, db } = ctx
  if (!mayReadDevMailbox(env, visitor, trustedProxiesOf(ctx))) return undefined
  const rows = await db
    .select({ id: outbox.id, payload: outbox.payload, deliveredAt: outbox.deliveredAt, createdAt: outbox.createdAt })
    .from(outbox)
    .where(and(eq(outbox.channel, 'mail'), eq(outbox.transport, 'dev-mailbox'), eq(outbox.status, 'done')))
    .orderBy(desc(outbox.deliveredAt), desc(outbox.id))
    .limit(limit)
  return rows.flatMap((row) => {
    const mail = mailMessageSchema.safeParse(row.payload)
    if (!mail.success) return []
    return [{ id: row.id, to: mail.data.to, subject: mail.data.subject, text: mail.data.text, sentAt: (row.deliveredAt ?? row.createdAt).toISOString() }]
  })
}
