import { and, eq, ne, sql } from 'drizzle-orm'
import { site } from '../../../lib/site'
import { getAppContext } from '../../context/app-context'
import type { Database } from '../../db/open-database'
import { companyMembers, jobFollows, profiles, users } from '../../db/schema'
import { consultancyAddresses } from '../shared/consultancy-addresses'
import type { MailAttachment } from '../../mail/mail-message-schema'
import { enqueueOutbox } from '../../outbox/enqueue'
import { enqueueGroupedMail } from '../../outbox/enqueue-grouped-mail'

type Tx = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>

export interface JobMail {
  /** The members of the client company who follow the job, or the consultancy (JOB_NOTIFY_EMAIL, else every admin). */
  to: 'client' | 'consultancy'
  job: { id: string; user: string; companyId: string; job: string | null; reference: string | null }
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
  /**
   * Files the mail carries, described by kind and rendered when it is sent (a release's transmittal:
   * transmittalAttachment in server/mail/mail-message-schema.ts). A grouped mail
   * carries the attachments of every event it lists.
   */
  attachments?: MailAttachment[]
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
  const recipients = mail.to === 'client' ? await followerAddresses(tx, mail) : await consultancyAddresses(tx)
  const subject = `${jobTitle(mail.job)}: ${mail.what}`
  const footer =
    mail.to === 'client' && mail.optional
      ? `\n\nYou can turn off mail about stage changes and messages on your dashboard (${publicUrl}/profile).`
      : ''
  const ending = `Open the job: ${link}${footer}\n\n${site.companyName}`
  const attachments = mail.attachments?.length ? { attachments: mail.attachments } : {}
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
        event: { subject, title: mail.what, text: mail.text, ...attachments },
      })
    } else {
      await enqueueOutbox(tx, { channel: 'mail', kind: `job-${mail.to}`, payload: { to, subject, text: `${mail.text}\n\n${ending}`, ...attachments } })
    }
  }
}

/** The addresses a mail to the job's client goes to (one that cannot be turned off): see followerAddresses. */
export function clientRecipients(tx: Tx, job: JobMail['job'], actorId: string): Promise<string[]> {
  return followerAddresses(tx, { to: 'client', job, actorId, what: '', text: '' })
}

/**
 * The members of the job's company who follow it: by their own choice (job_follow), else the
 * requester and the company's owners and approvers. Never the person who caused the mail; an optional
 * mail not to those who turned such mails off.
 */
async function followerAddresses(tx: Tx, mail: JobMail): Promise<string[]> {
  const rows = await tx
    .select({ email: users.email, wants: profiles.jobUpdateMails })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(jobFollows, and(eq(jobFollows.jobId, mail.job.id), eq(jobFollows.userId, companyMembers.userId)))
    .where(and(eq(companyMembers.companyId, mail.job.companyId), ne(companyMembers.userId, mail.actorId), followsByDefault(mail.job.user)))
  return rows.filter((row) => !(mail.optional && row.wants === false)).map((row) => row.email)
}

/** A member's own choice, else whether they follow a job by default: its requester, the owners and the approvers. */
function followsByDefault(requester: string) {
  return sql`coalesce(${jobFollows.following}, ${companyMembers.userId} = ${requester} OR ${companyMembers.role} IN ('owner', 'approver'))`
}
