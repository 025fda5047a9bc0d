import { eq } from 'drizzle-orm'
import type { Database } from '../../../../server/db/open-database'
import { jobRequests } from '../../../../server/db/schema'
import { seedRelease, type SeededRevision } from './seed-review'

/**
 * A job's first release waiting for the client's decision, written straight into the database as a
 * release leaves it: one revision per document, each issued as P01 by release 1 (see seedRelease),
 * and the job's stage and day of release. Only the rows are there (no bytes in storage).
 */
export async function seedIssuedRevisions(db: Pick<Database, 'select' | 'insert' | 'update'>, jobId: string, documents: readonly string[] = ['report.pdf']): Promise<SeededRevision[]> {
  const revisions = await seedRelease(db, { jobId, number: 1, recipients: [], documents: documents.map((document) => ({ document, fileName: document })) })
  await db.update(jobRequests).set({ status: 'released', releasedAt: new Date().toISOString().slice(0, 10) }).where(eq(jobRequests.id, jobId))
  return revisions
}
