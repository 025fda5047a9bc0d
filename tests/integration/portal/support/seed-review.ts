import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, max } from 'drizzle-orm'
import type { RevisionDecision } from '../../../../lib/review-view'
import type { Database } from '../../../../server/db/open-database'
import { deliverableRevisions, jobReleases, revisionDecisions, storedFiles } from '../../../../server/db/schema'

/**
 * Review rows written straight into the database, as a release and the client's decisions leave them:
 * each revision's file (a stored_file under a name the server made, with the name it was uploaded
 * under), the release with its recipients, each revision issued by it with its code (P01, P02… per
 * document) and SHA-256, and decisions on them. For tests of what reads them.
 */

type Db = Pick<Database, 'select' | 'insert'>

export interface SeededRevision {
  id: string
  document: string
  /** P01, P02… */
  code: string
  fileName: string
  size: number
  sha256: string
}

/** Release `number` of the job, issuing one new revision of each document named (its file called `fileName`). */
export async function seedRelease(
  db: Db,
  { jobId, number, recipients, releasedBy = null, documents }: { jobId: string; number: number; recipients: string[]; releasedBy?: string | null; documents: { document: string; fileName: string }[] },
): Promise<SeededRevision[]> {
  const [release] = await db.insert(jobReleases).values({ jobId, number, recipients, releasedBy }).returning({ id: jobReleases.id, at: jobReleases.createdAt })
  const seeded: SeededRevision[] = []
  for (const { document, fileName } of documents) {
    const bytes = randomBytes(200 + seeded.length * 1000)
    const path = `job-deliverables/${jobId}/${randomUUID()}.pdf`
    await db.insert(storedFiles).values({ path, size: bytes.length, eTag: randomUUID(), contentType: 'application/pdf', originalName: fileName })
    const [last] = await db
      .select({ sequence: max(deliverableRevisions.sequence) })
      .from(deliverableRevisions)
      .where(and(eq(deliverableRevisions.jobId, jobId), eq(deliverableRevisions.document, document)))
    const sequence = (last?.sequence ?? 0) + 1
    const code = `P${String(sequence).padStart(2, '0')}`
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    const [row] = await db
      .insert(deliverableRevisions)
      .values({ jobId, document, sequence, path, size: bytes.length, sha256, releaseId: release!.id, code, issuedAt: release!.at })
      .returning({ id: deliverableRevisions.id })
    seeded.push({ id: row!.id, document, code, fileName, size: bytes.length, sha256 })
  }
  return seeded
}

/** A decision of the client company on an issued revision, made at `at` (default: now). */
export async function seedDecision(
  db: Db,
  jobId: string,
  revision: SeededRevision,
  d: { decision: RevisionDecision; comment?: string; acceptedCode?: string; by: string; byEmail: string; ip?: string; at?: Date },
): Promise<void> {
  await db.insert(revisionDecisions).values({
    revisionId: revision.id,
    jobId,
    decision: d.decision,
    comment: d.comment ?? null,
    acceptedCode: d.acceptedCode ?? null,
    decidedByName: d.by,
    decidedByEmail: d.byEmail,
    ip: d.ip ?? null,
    userAgent: 'test',
    sha256: revision.sha256,
    ...(d.at ? { createdAt: d.at } : {}),
  })
}
