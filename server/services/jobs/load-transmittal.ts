import { and, asc, eq } from 'drizzle-orm'
import { transmittalNumber } from '../../../lib/review-documents'
import { site } from '../../../lib/site'
import type { Database } from '../../db/open-database'
import { companies, deliverableRevisions, jobReleases, jobRequests, profiles, storedFiles } from '../../db/schema'
import type { ReviewDocumentJob, TransmittalDocument } from '../../documents/render-transmittal-pdf'
import { displayNameOf } from '../files/file-types'
import { displayNameFrom } from '../profiles/get-display-name'

/**
 * What a release's transmittal prints, read from the database with no check of who asks: the release
 * reads it in its own transaction to keep the transmittal it renders (keep-transmittal.ts); the review
 * documents' services check the viewer first, and render it for a release made before transmittals
 * were kept.
 */

type Db = Pick<Database, 'select'>

/** The status every revision has on its transmittal: issued, for the client's review. */
export const ISSUED_STATUS = 'Issued for review'

/** A job as its documents name it, with the company it belongs to (for the viewer check); undefined when there is none. */
export async function loadDocumentJob(db: Db, jobId: string): Promise<(ReviewDocumentJob & { companyId: string }) | undefined> {
  const [row] = await db
    .select({
      id: jobRequests.id,
      companyId: jobRequests.companyId,
      name: jobRequests.job,
      reference: jobRequests.reference,
      company: companies.name,
      nickname: profiles.nickname,
      givenName: profiles.givenName,
      familyName: profiles.familyName,
    })
    .from(jobRequests)
    .innerJoin(companies, eq(companies.id, jobRequests.companyId))
    .leftJoin(profiles, eq(profiles.userId, jobRequests.user))
    .where(eq(jobRequests.id, jobId))
    .limit(1)
  if (!row) return undefined
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name?.trim() || 'Job request',
    reference: row.reference?.trim() || null,
    // A company nobody named yet goes by its requester's name, as on the pages.
    company: row.company?.trim() || displayNameFrom(row),
  }
}

/** A release's transmittal; undefined when the job has no release of that number. */
export async function loadTransmittal(db: Db, job: ReviewDocumentJob, number: number): Promise<TransmittalDocument | undefined> {
  const [release] = await db
    .select({ id: jobReleases.id, number: jobReleases.number, createdAt: jobReleases.createdAt, recipients: jobReleases.recipients })
    .from(jobReleases)
    .where(and(eq(jobReleases.jobId, job.id), eq(jobReleases.number, number)))
    .limit(1)
  if (!release) return undefined
  const revisions = await db
    .select({ document: deliverableRevisions.document, code: deliverableRevisions.code, size: deliverableRevisions.size, sha256: deliverableRevisions.sha256, path: deliverableRevisions.path, originalName: storedFiles.originalName })
    .from(deliverableRevisions)
    .innerJoin(storedFiles, eq(storedFiles.path, deliverableRevisions.path))
    .where(eq(deliverableRevisions.releaseId, release.id))
    .orderBy(asc(deliverableRevisions.document), asc(deliverableRevisions.sequence))
  return {
    number: transmittalNumber(job.id, release.number),
    job: { id: job.id, name: job.name, reference: job.reference, company: job.company },
    release: { number: release.number, at: release.createdAt.toISOString(), issuedBy: site.companyName, recipients: release.recipients },
    revisions: revisions.map((r) => ({ document: r.document, code: r.code ?? '', status: ISSUED_STATUS, fileName: displayNameOf(r), size: r.size, sha256: r.sha256 })),
  }
}
