import { eq } from 'drizzle-orm'
import type { Database } from '../../../../server/db/open-database'
import { jobRequests } from '../../../../server/db/schema'
import { seedRelease, type SeededRevision } from './seed-review'

/**
 * A job's first release waiting for the client's decision, written straight into the database as a
 * release leaves it: one revision per document, each issued as P01 by release 1 (see seedRelease),
 * and the job's stage released. Only what a decision reads is there (no bytes in storage, no day of
 * release).
 */
export async function seedIssuedRevisions(db: Pick<Database, 'select' | 'insert' | 'update'>, jobId: string, documents: readonly string[] = ['report.pdf']): Promise<SeededRevision[]> {
  const revisions = await seedRelease(db, { jobId, number: 1, recipients: [], documents: documents.map((document) => ({ document, fileName: document })) })
  await db.update(jobRequests).set({ status: 'released' }).where(eq(jobRequests.id, jobId))
  return revisions
}
