import { certificateFileName, transmittalFileName, transmittalFileSchema } from '../../../lib/review-documents'
import type { Actor } from '../../../server/auth/actor'
import { requireActor } from '../../../server/auth/require-actor'
import { getAppContext } from '../../../server/context/app-context'
import { renderCertificatePdf } from '../../../server/documents/render-certificate-pdf'
import { AppError } from '../../../server/errors/app-error'
import { toHttpAnswer } from '../../../server/errors/to-http-answer'
import { getCertificate } from '../../../server/services/reviews/get-certificate'
import { getTransmittal } from '../../../server/services/reviews/get-transmittal'
import { exportRevisionBcf } from '../../../server/services/reviews/export-bcf'

/**
 * A job's review documents as PDF downloads, like its quotes: thin adapters that turn the request into
 * an actor, call the service that owns the rule (the job's viewers only), and send what it returns
 * (the certificate rendered from it; a transmittal as the service gives it, kept since its release).
 */

/** GET /profile/jobs/:id/transmittals/:release.pdf: a release's transmittal. */
export function transmittalPdfResponse(request: Request, jobId: string, file: string): Promise<Response> {
  return pdfAnswer(request, async (actor) => {
    const release = transmittalFileSchema.safeParse(file)
    if (!release.success) throw new AppError('NOT_FOUND', 'Transmittal not found')
    return { pdf: await getTransmittal({ actor, jobId, release: release.data }), filename: transmittalFileName(jobId, release.data) }
  })
}

/** GET /profile/jobs/:id/certificate.pdf: the certificate of the job's decisions. */
export function certificatePdfResponse(request: Request, jobId: string): Promise<Response> {
  return pdfAnswer(request, async (actor) => {
    const certificate = await getCertificate({ actor, jobId })
    return { pdf: await renderCertificatePdf(certificate), filename: certificateFileName(jobId) }
  })
}

/** GET /profile/jobs/:id/revisions/:revisionId/comments.bcf: a revision's comments as BCF. */
export function revisionBcfResponse(request: Request, jobId: string, revisionId: string): Promise<Response> {
  return download(request, 'application/octet-stream', async (actor) => {
    const { bytes, fileName } = await exportRevisionBcf({ actor, jobId, revisionId })
    return { body: bytes, filename: fileName }
  })
}

async function pdfAnswer(request: Request, make: (actor: Actor) => Promise<{ pdf: Buffer; filename: string }>): Promise<Response> {
  return download(request, 'application/pdf', async (actor) => {
    const { pdf, filename } = await make(actor)
    return { body: new Uint8Array(pdf), filename }
  })
}

async function download(request: Request, contentType: string, make: (actor: Actor) => Promise<{ body: Uint8Array; filename: string }>): Promise<Response> {
  let actor: Actor | null = null
  try {
    actor = await requireActor(request)
    const { body, filename } = await make(actor)
    // The name as plain ASCII for every client, and in full (UTF-8) for those that read it.
    const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
    return new Response(new Uint8Array(body), {
      headers: {
        'Content-Type': contentType,
        'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    })
  } catch (error) {
    const answer = toHttpAnswer(error, { signedIn: actor !== null, log: (err) => getAppContext().log.error({ err }, 'review document download failed') })
    return new Response(answer.message, { status: answer.status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
  }
}
