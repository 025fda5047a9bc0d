import { and, eq, inArray, sql } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { chatAnswers } from '../../db/schema'
import { ANSWER_LEASE_LOST, getChatRuntime } from './chat-runtime'
import { ANSWER_LEASE_MS } from './chat-types'

/**
 * Extends the lease of every answer this process is producing, in one statement. An answer whose
 * lease is no longer this process's (it ran out and another process ended the answer) is stopped.
 */
export async function renewAnswerLeases(): Promise<void> {
  const runtime = getChatRuntime()
  const ids = [...runtime.running.keys()]
  if (ids.length === 0) return
  const renewed = await getAppContext()
    .db.update(chatAnswers)
    .set({ leaseUntil: sql`now() + ${ANSWER_LEASE_MS} * interval '1 millisecond'` })
    .where(and(eq(chatAnswers.producer, runtime.producer), inArray(chatAnswers.userMessageId, ids)))
    .returning({ id: chatAnswers.userMessageId })
  const held = new Set(renewed.map((r) => r.id))
  // An answer that ended since the list was taken gave its lease up itself: stopping it changes nothing.
  for (const id of ids) if (!held.has(id)) runtime.running.get(id)?.abort.abort(ANSWER_LEASE_LOST)
}
