import { createHash, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '../../../../server/db/open-database'
import { deliverableRevisions, jobReleases, jobRequests, storedFiles } from '../../../../server/db/schema'

export interface IssuedRevision {
  id: string
  document: string
  path: string
  sha256: string
}

/**
 * A job's first release, written straight into the database as a release leaves it: for each document
 * a file in the job's deliverables folder (under a name the server made, the document's name kept),
 * its revision issued as P01 by release 1, and the job's stage released. Only what a decision reads
 * is there (no bytes in storage, no transmittal, no day of release).
 */
export async function seedIssuedRevisions(db: Pick<Database, 'insert' | 'update'>, jobId: string, documents: readonly string[] = ['report.pdf']): Promise<IssuedRevision[]> {
  const [release] = await db.insert(jobReleases).values({ jobId, number: 1, recipients: [] }).returning()
  const issued: IssuedRevision[] = []
  for (const document of documents) {
    const path = `job-deliverables/${jobId}/${randomUUID()}.pdf`
    const sha256 = createHash('sha256').update(path).digest('hex')
    await db.insert(storedFiles).values({ path, size: 1234, eTag: sha256.slice(0, 32), contentType: 'application/pdf', originalName: document })
    const [revision] = await db
      .insert(deliverableRevisions)
      .values({ jobId, document, sequence: 1, path, size: 1234, sha256, releaseId: release!.id, code: 'P01', issuedAt: new Date() })
      .returning()
    issued.push({ id: revision!.id, document, path, sha256 })
  }
  await db.update(jobRequests).set({ status: 'released' }).where(eq(jobRequests.id, jobId))
  return issued
}
