import { and, eq } from 'drizzle-orm'
import type { Database } from '../../db/open-database'
import { jobReleases } from '../../db/schema'
import { renderTransmittalPdf, type ReviewDocumentJob } from '../../documents/render-transmittal-pdf'
import { loadTransmittal } from '../jobs/load-transmittal'

/**
 * A release's transmittal as a PDF, with no check of who asks (the callers check): the bytes kept when
 * it was issued, so the download and the mail give what was issued, whatever was renamed since. A
 * release made before transmittals were kept has none: its transmittal is rendered now, from the
 * issued revisions and the job as it is named today. Undefined when the job has no release of that number.
 */
export async function readTransmittalPdf(db: Pick<Database, 'select'>, job: ReviewDocumentJob, number: number): Promise<Buffer | undefined> {
  const [release] = await db
    .select({ pdf: jobReleases.transmittalPdf })
    .from(jobReleases)
    .where(and(eq(jobReleases.jobId, job.id), eq(jobReleases.number, number)))
    .limit(1)
  if (!release) return undefined
  if (release.pdf) return release.pdf
  const transmittal = await loadTransmittal(db, job, number)
  return transmittal ? renderTransmittalPdf(transmittal) : undefined
}
