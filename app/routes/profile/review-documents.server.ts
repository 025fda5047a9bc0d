import { certificateFileName, transmittalFileName, transmittalFileSchema } from '../../../lib/review-documents'
import type { Actor } from '../../../server/auth/actor'
import { requireActor } from '../../../server/auth/require-actor'
import { getAppContext } from '../../../server/context/app-context'
import { renderCertificatePdf } from '../../../server/documents/render-certificate-pdf'
import { renderTransmittalPdf } from '../../../server/documents/render-transmittal-pdf'
import { AppError } from '../../../server/errors/app-error'
import { toHttpAnswer } from '../../../server/errors/to-http-answer'
import { getCertificate } from '../../../server/services/reviews/get-certificate'
import { getTransmittal } from '../../../server/services/reviews/get-transmittal'

/**
 * A job's review documents as PDF downloads, like its quotes: thin adapters that turn the request into
 * an actor, call the service that owns the rule (the job's viewers only), and render what it returns.
 */

/** GET /profile/jobs/:id/transmittals/:release.pdf: a release's transmittal. */
export function transmittalPdfResponse(request: Request, jobId: string, file: string): Promise<Response> {
  return pdfAnswer(request, async (actor) => {
    const release = transmittalFileSchema.safeParse(file)
    if (!release.success) throw new AppError('NOT_FOUND', 'Transmittal not found')
    const transmittal = await getTransmittal({ actor, jobId, release: release.data })
    return { pdf: await renderTransmittalPdf(transmittal), filename: transmittalFileName(jobId, release.data) }
  })
}

/** GET /profile/jobs/:id/certificate.pdf: the certificate of the job's decisions. */
export function certificatePdfResponse(request: Request, jobId: string): Promise<Response> {
  return pdfAnswer(request, async (actor) => {
    const certificate = await getCertificate({ actor, jobId })
    return { pdf: await renderCertificatePdf(certificate), filename: certificateFileName(jobId) }
  })
}

async function pdfAnswer(request: Request, make: (actor: Actor) => Promise<{ pdf: Buffer; filename: string }>): Promise<Response> {
  let actor: Actor | null = null
  try {
    actor = await requireActor(request)
    const { pdf, filename } = await make(actor)
    return new Response(new Uint8Array(pdf), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    })
  } catch (error) {
    const answer = toHttpAnswer(error, { signedIn: actor !== null, log: (err) => getAppContext().log.error({ err }, 'review document download failed') })
    return new Response(answer.message, { status: answer.status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
  }
}
