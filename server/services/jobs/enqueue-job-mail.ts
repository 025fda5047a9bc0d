import { eq } from 'drizzle-orm'
import { site } from '../../../lib/site'
import { getAppContext } from '../../context/app-context'
import type { Database } from '../../db/open-database'
import { profiles, users } from '../../db/schema'
import { consultancyAddresses } from '../shared/consultancy-addresses'
import { enqueueOutbox } from '../../outbox/enqueue'
import { enqueueGroupedMail } from '../../outbox/enqueue-grouped-mail'

type Tx = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>

export interface JobMail {
  /** The client who owns the job, or the consultancy (JOB_NOTIFY_EMAIL, else every admin). */
  to: 'client' | 'consultancy'
  job: { id: string; user: string; job: string | null; reference: string | null }
  /** What happened, as the subject's end: "Quote Q-000012 sent". */
  what: string
  /** The mail's body before the link. */
  text: string
  /**
   * A mail the client may turn off in their profile (stage changes, the consultancy's messages).
   * Quotes and released results are always sent: the client has to act on them.
   */
  optional?: boolean
  /** Who caused it: never mailed about their own action. */
  actorId: string
  /**
   * For the consultancy: sent with the job's other grouped mails to the same person, the first at
   * once, those that follow within MAIL_GROUP_SECONDS together in one mail listing them (what a client
   * can repeat at will: messages, requests, declines, deletions), so a burst does not flood its inbox.
   * Mail to the client is always grouped, and its first mail waits the window out (see enqueueJobMail).
   */
  grouped?: boolean
}

/** "Bracket FEA (PO-2231)" or "your job request" when it has neither. */
export function jobTitle(job: { job: string | null; reference: string | null }): string {
  const name = job.job?.trim() || 'Job request'
  return job.reference?.trim() ? `${name} (${job.reference.trim()})` : name
}

/**
 * Queues a mail about a job in the caller's transaction (it is sent once the change commits, and
 * only then; the outbox retries until it is delivered). Each mail names the job and links to its page.
 * The client's mails about one job are grouped: the first waits MAIL_GROUP_SECONDS for what follows
 * it (a stage change and the message that explains it, several messages, a quote sent again), and all
 * of it arrives as one mail; later news waits for the next window. So the client reads the job's news
 * in one mail, not one per click.
 */
export async function enqueueJobMail(tx: Tx, mail: JobMail): Promise<void> {
  const { env } = getAppContext()
  const publicUrl = env.publicUrl
  const link = `${publicUrl}/profile/jobs/${mail.job.id}`
  const recipients = mail.to === 'client' ? await clientAddress(tx, mail) : await consultancyAddresses(tx)
  const subject = `${jobTitle(mail.job)}: ${mail.what}`
  const footer =
    mail.to === 'client' && mail.optional
      ? `\n\nYou can turn off mail about stage changes and messages on your dashboard (${publicUrl}/profile).`
      : ''
  const ending = `Open the job: ${link}${footer}\n\n${site.companyName}`
  for (const to of recipients) {
    const toClient = mail.to === 'client'
    if (mail.grouped || toClient) {
      await enqueueGroupedMail(tx, {
        to,
        kind: `job-${mail.to}`,
        groupKey: `job:${mail.job.id}:to:${to}`,
        windowMs: env.MAIL_GROUP_SECONDS * 1000,
        holdMs: toClient ? env.MAIL_GROUP_SECONDS * 1000 : 0,
        heading: jobTitle(mail.job),
        footer: ending,
        event: { subject, title: mail.what, text: mail.text },
      })
    } else {
      await enqueueOutbox(tx, { channel: 'mail', kind: `job-${mail.to}`, payload: { to, subject, text: `${mail.text}\n\n${ending}` } })
    }
  }
}

async function clientAddress(tx: Tx, mail: JobMail): Promise<string[]> {
  if (mail.job.user === mail.actorId) return []
  const [row] = await tx
    .select({ email: users.email, wants: profiles.jobUpdateMails })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, mail.job.user))
    .limit(1)
  if (!row?.email) return []
  if (mail.optional && row.wants === false) return []
  return [row.email]
}
