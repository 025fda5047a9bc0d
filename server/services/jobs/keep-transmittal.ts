import { eq } from 'drizzle-orm'
import type { Database } from '../../db/open-database'
import { jobReleases } from '../../db/schema'
import { renderTransmittalPdf } from '../../documents/render-transmittal-pdf'
import { loadDocumentJob, loadTransmittal } from './load-transmittal'

type Tx = Pick<Database, 'select' | 'update'>

/**
 * Renders a release's transmittal and keeps its bytes with the release, in the release's transaction:
 * the transmittal is the record of what was issued, to whom and under which job and company names, so
 * a later rename changes no download, and the mail attaches the same bytes. Rendering or storing that
 * fails throws, and the release is not made.
 */
export async function keepTransmittal(tx: Tx, jobId: string, release: { id: string; number: number }): Promise<void> {
  const job = await loadDocumentJob(tx, jobId)
  const transmittal = job ? await loadTransmittal(tx, job, release.number) : undefined
  if (!transmittal) throw new Error(`release ${release.number} of job ${jobId} is not there to keep its transmittal`)
  const pdf = await renderTransmittalPdf(transmittal)
  await tx.update(jobReleases).set({ transmittalPdf: pdf }).where(eq(jobReleases.id, release.id))
}
