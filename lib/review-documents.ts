import { z } from './zod'

/**
 * Where a job's review documents download, and what they are called: the transmittal of each release
 * and the certificate of the client's decisions. The job's page links them; the routes answer them.
 */

/** The job's short reference on its documents: the first eight characters of its id, in capitals ("7F1C2A4E"). */
export function jobShortRef(jobId: string): string {
  return jobId.replace(/-/g, '').slice(0, 8).toUpperCase()
}

/** A release's transmittal number: "T-7F1C2A4E-01" (the job's short reference, the release number in two digits at least). */
export function transmittalNumber(jobId: string, release: number): string {
  return `T-${jobShortRef(jobId)}-${String(release).padStart(2, '0')}`
}

/** Where a release's transmittal downloads as a PDF: /profile/jobs/{jobId}/transmittals/{release}.pdf */
export function transmittalUrl(jobId: string, release: number): string {
  return `/profile/jobs/${jobId}/transmittals/${release}.pdf`
}

/** Where a revision's comments download as BCF, for the tools that read it. */
export function revisionBcfUrl(jobId: string, revisionId: string): string {
  return `/profile/jobs/${jobId}/revisions/${revisionId}/comments.bcf`
}

/** Where the certificate of the job's decisions downloads as a PDF. */
export function certificateUrl(jobId: string): string {
  return `/profile/jobs/${jobId}/certificate.pdf`
}

/** The file name a transmittal downloads under: "T-7F1C2A4E-01.pdf". */
export function transmittalFileName(jobId: string, release: number): string {
  return `${transmittalNumber(jobId, release)}.pdf`
}

/** The file name the certificate downloads under: "Certificate-7F1C2A4E.pdf". */
export function certificateFileName(jobId: string): string {
  return `Certificate-${jobShortRef(jobId)}.pdf`
}

/** The last segment of a transmittal's address: a release number followed by ".pdf" ("2.pdf" is release 2). */
export const transmittalFileSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,5}\.pdf$/, 'Transmittal not found')
  .transform((file) => Number(file.slice(0, -'.pdf'.length)))
