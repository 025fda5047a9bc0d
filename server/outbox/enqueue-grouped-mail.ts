import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '../db/open-database'
import { outbox } from '../db/schema'
import { groupAttachments, renderGroupedMail, type MailGroup, type MailGroupEvent } from './render-grouped-mail'

export interface GroupedMail {
  /** One email address. */
  to: string
  /** Names the mail for the log (as enqueueOutbox's kind). */
  kind: string
  /**
   * What the mail is about, for this recipient (e.g. `job:<id>:to:<email>`). Mails of one key are
   * sent at most once per `windowMs`: the first at once, the events that follow within the window
   * together in one mail at its end.
   */
  groupKey: string
  windowMs: number
  /**
   * How long the first mail of a burst waits for the events that follow it (0: sent at once). A mail
   * whose recipient reads the job's news as a whole (the client: a stage change and the message that
   * explains it) waits, so those events reach them as one mail.
   */
  holdMs?: number
  /** The group's name in the subject of a mail listing several events. */
  heading: string
  /** The end of the mail (link, signature). */
  footer: string
  event: Omit<MailGroupEvent, 'at'>
}

/** Advisory locks of mail groups: one per key (the second key), apart from every other lock. */
const GROUP_LOCK_CLASS = 4_712

type Tx = Pick<Database, 'execute' | 'select' | 'insert' | 'update'>

/**
 * Queues a mail that is merged with the other mails of its group, in the caller's transaction (like
 * enqueueOutbox, it is sent only once the change commits). So a burst of events (a client's ten
 * messages in a minute) makes one mail listing them instead of ten, and no one can flood a
 * recipient's inbox faster than one mail per window and group:
 * - a mail of the group still waiting to be sent (not yet claimed by a worker, or put back after a
 *   failed attempt) takes the event: its body is rendered again with every event;
 * - otherwise a new mail is queued, due at once when the group's last mail was due more than a window
 *   ago (a lone event is not delayed), else a window after it; with `holdMs`, never sooner than that
 *   long after the event, so what follows within the hold joins it.
 * The group's transactions take turns (an advisory lock per key), so two events never open two mails.
 */
export async function enqueueGroupedMail(tx: Tx, mail: GroupedMail): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${sql.raw(String(GROUP_LOCK_CLASS))}, hashtext(${mail.groupKey}))`)
  const event: MailGroupEvent = { at: new Date().toISOString(), ...mail.event }
  const [waiting] = await tx
    .select({ id: outbox.id, payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.groupKey, mail.groupKey), eq(outbox.status, 'pending'), isNull(outbox.lockedUntil)))
    .orderBy(desc(outbox.id))
    .limit(1)
    .for('update')
  const earlier = (waiting?.payload as { group?: MailGroup } | undefined)?.group
  if (waiting && earlier) {
    const group: MailGroup = { heading: mail.heading, footer: mail.footer, events: [...earlier.events, event] }
    await tx.update(outbox).set({ payload: { to: mail.to, ...renderGroupedMail(group), ...groupAttachments(group), group } }).where(eq(outbox.id, waiting.id))
    return
  }
  const [last] = await tx.select({ dueAt: outbox.nextAttemptAt }).from(outbox).where(eq(outbox.groupKey, mail.groupKey)).orderBy(desc(outbox.id)).limit(1)
  const interval = (ms: number) => sql.raw(`interval '${Math.max(0, Math.round(ms))} milliseconds'`)
  const window = interval(mail.windowMs)
  const hold = interval(mail.holdMs ?? 0)
  const group: MailGroup = { heading: mail.heading, footer: mail.footer, events: [event] }
  await tx.insert(outbox).values({
    channel: 'mail',
    kind: mail.kind,
    payload: { to: mail.to, ...renderGroupedMail(group), ...groupAttachments(group), group },
    groupKey: mail.groupKey,
    nextAttemptAt: last ? sql`greatest(now() + ${hold}, ${last.dueAt.toISOString()}::timestamptz + ${window})` : sql`now() + ${hold}`,
  })
}
