import { sql } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { streamParts } from '../../db/schema'

/**
 * How long an answer's stored parts are kept. They exist so that a client that lost its socket can
 * resume the answer exactly (decision 009), which is a matter of minutes; the finished answer is
 * saved as a message, which stays.
 */
export const STREAM_PART_RETENTION_MS = 24 * 60 * 60 * 1000
/** How often the assistant plugin prunes. */
export const STREAM_PART_PRUNE_INTERVAL_MS = 60 * 60 * 1000

const BATCH = 5000

/** Deletes stream parts older than the retention, a batch at a time; returns how many went. */
export async function pruneStreamParts({ now = new Date(), retentionMs = STREAM_PART_RETENTION_MS }: { now?: Date; retentionMs?: number } = {}): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionMs)
  const { db } = getAppContext()
  let deleted = 0
  for (;;) {
    const result = await db.execute(sql`
      DELETE FROM ${streamParts} WHERE seq IN (
        SELECT seq FROM ${streamParts} WHERE created_at < ${cutoff.toISOString()}::timestamptz ORDER BY seq LIMIT ${BATCH})`)
    const count = result.rowCount ?? 0
    deleted += count
    if (count < BATCH) return deleted
  }
}
