import { asc, inArray, lt, sql } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { chatAnswers, streamParts } from '../../db/schema'
import { conversationTopic, INTERRUPTED_ERRORS, toStreamPart } from './chat-types'

/** How many abandoned answers one sweep ends (the rest wait for the next, a second later). */
const BATCH = 20

/**
 * Ends the answers whose producer stopped renewing their lease (it was killed, crashed, or lost the
 * database for longer than the lease): each gets a last part saying the answer was interrupted, which
 * the browser shows with Retry, in the transaction that removes the lease. Every process sweeps; a
 * lease another one is ending is skipped, and a producer still storing a part holds its lease row until
 * that part is in, so the interruption is always the answer's last part. Returns how many it ended.
 */
export async function endAbandonedAnswers(): Promise<number> {
  const { db, events, log } = getAppContext()
  // The usual case, every second on every process: nothing ran out. One indexed look.
  const [any] = await db.select({ id: chatAnswers.userMessageId }).from(chatAnswers).where(lt(chatAnswers.leaseUntil, sql`now()`)).limit(1)
  if (!any) return 0
  const ended = await db.transaction(async (tx) => {
    const expired = tx
      .select({ id: chatAnswers.userMessageId })
      .from(chatAnswers)
      .where(lt(chatAnswers.leaseUntil, sql`now()`))
      .orderBy(asc(chatAnswers.leaseUntil))
      .limit(BATCH)
      .for('update', { skipLocked: true })
    const answers = await tx.delete(chatAnswers).where(inArray(chatAnswers.userMessageId, expired)).returning()
    if (answers.length === 0) return []
    const parts = await tx
      .insert(streamParts)
      .values(answers.map((a) => ({ conversationId: a.conversationId, associatedUserMessageId: a.userMessageId, errors: INTERRUPTED_ERRORS })))
      .returning()
    return answers.map((answer) => ({ answer, part: parts.find((p) => p.associatedUserMessageId === answer.userMessageId)! }))
  })
  for (const { answer, part } of ended) {
    log.warn({ conversationId: answer.conversationId, userMessageId: answer.userMessageId, producer: answer.producer }, 'chat: ended an answer whose producer stopped renewing its lease')
    await events.publish(conversationTopic(answer.conversationId), toStreamPart(part)).catch((error: unknown) => log.warn({ err: error }, 'chat: could not announce an interrupted answer (subscribers read it from the store)'))
  }
  return ended.length
}
