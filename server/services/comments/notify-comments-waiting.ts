import { and, count, eq, gt, isNull, sql } from 'drizzle-orm'
import { blogRules } from '../../../lib/blog/blog-rules'
import { site } from '../../../lib/site'
import { getAppContext } from '../../context/app-context'
import type { Database } from '../../db/open-database'
import { comments, outbox } from '../../db/schema'
import { consultancyAddresses } from '../shared/consultancy-addresses'

type Tx = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>

/**
 * Tells the consultancy that comments on a post wait for approval, grouped: one mail per post per
 * window (blogRules.moderationMailWindowMs), not one per comment. The first comment queues the mail
 * in the outbox to leave when the window ends; each comment after it, while that mail has not left,
 * rewrites its count instead of queueing another. Call it in the transaction that stores the comment.
 *
 * The grouping is this module's alone (the outbox row's kind names the post, and a transaction-level
 * lock per post keeps two comments from queueing two mails); the outbox delivers the row as any other.
 */
export async function notifyCommentsWaiting(tx: Tx, post: { id: string; title: string | null }): Promise<void> {
  const kind = `comments-waiting:${post.id}`
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${kind}))`)
  const [{ waiting }] = (await tx
    .select({ waiting: count() })
    .from(comments)
    .where(and(eq(comments.blogPostId, post.id), eq(comments.status, 'pending')))) as [{ waiting: number }]
  if (waiting === 0) return
  const { env } = getAppContext()
  const title = post.title?.trim() || 'Untitled'
  const subject = `Comments waiting for approval: “${title}”`
  const text = [
    `${waiting === 1 ? 'One comment waits' : `${waiting} comments wait`} for your approval on “${title}”.`,
    `Approve or hide them: ${env.publicUrl}/profile/blog/comments`,
    site.companyName,
  ].join('\n\n')
  for (const to of await consultancyAddresses(tx)) {
    const payload = { to, subject, text }
    // A mail of this window not yet due (so no worker holds it): it now carries the new count.
    const updated = await tx
      .update(outbox)
      .set({ payload })
      .where(
        and(
          eq(outbox.kind, kind),
          eq(outbox.status, 'pending'),
          eq(outbox.attempts, 0),
          isNull(outbox.lockedUntil),
          gt(outbox.nextAttemptAt, sql`now()`),
          sql`${outbox.payload}->>'to' = ${to}`,
        ),
      )
      .returning({ id: outbox.id })
    if (updated.length > 0) continue
    await tx.insert(outbox).values({
      channel: 'mail',
      kind,
      payload,
      nextAttemptAt: sql`now() + ${blogRules.moderationMailWindowMs} * interval '1 millisecond'`,
    })
  }
}
