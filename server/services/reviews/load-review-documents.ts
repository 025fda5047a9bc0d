import { asc, eq } from 'drizzle-orm'
import { revisionDecisionKinds, type RevisionDecision } from '../../../lib/review-view'
import type { Database } from '../../db/open-database'
import { deliverableRevisions, jobReleases, revisionDecisions } from '../../db/schema'
import type { CertificateDocument } from '../../documents/render-certificate-pdf'
import type { ReviewDocumentJob } from '../../documents/render-transmittal-pdf'

/**
 * What the certificate prints, read from the database with no check of who asks: get-certificate.ts
 * checks the viewer first. A transmittal's contents are read by ../jobs/load-transmittal.ts, as the
 * release that keeps it is issued there.
 */

type Db = Pick<Database, 'select'>

/** Every decision on the job's revisions, oldest first; undefined while there is none. */
export async function loadCertificate(db: Db, job: ReviewDocumentJob): Promise<CertificateDocument | undefined> {
  const rows = await db
    .select({
      id: revisionDecisions.id,
      decision: revisionDecisions.decision,
      comment: revisionDecisions.comment,
      acceptedCode: revisionDecisions.acceptedCode,
      by: revisionDecisions.decidedByName,
      byEmail: revisionDecisions.decidedByEmail,
      ip: revisionDecisions.ip,
      sha256: revisionDecisions.sha256,
      at: revisionDecisions.createdAt,
      document: deliverableRevisions.document,
      revisionCode: deliverableRevisions.code,
      release: jobReleases.number,
    })
    .from(revisionDecisions)
    .innerJoin(deliverableRevisions, eq(deliverableRevisions.id, revisionDecisions.revisionId))
    .innerJoin(jobReleases, eq(jobReleases.id, deliverableRevisions.releaseId))
    .where(eq(revisionDecisions.jobId, job.id))
    .orderBy(asc(revisionDecisions.createdAt), asc(revisionDecisions.id))
  if (rows.length === 0) return undefined
  return {
    job: { id: job.id, name: job.name, reference: job.reference, company: job.company },
    decisions: rows.map((r) => ({
      document: r.document,
      revisionCode: r.revisionCode ?? '',
      release: r.release,
      decision: decisionOf(r.decision),
      acceptedCode: r.acceptedCode,
      comment: r.comment,
      by: r.by,
      byEmail: r.byEmail,
      at: r.at.toISOString(),
      sha256: r.sha256,
      ip: r.ip,
    })),
  }
}

function decisionOf(value: string): RevisionDecision {
  if ((revisionDecisionKinds as readonly string[]).includes(value)) return value as RevisionDecision
  throw new Error(`unknown revision decision "${value}"`)
}
