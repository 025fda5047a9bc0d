import type { Route } from './+types/certificate-pdf'
import { certificatePdfResponse } from './review-documents.server'

/** GET /profile/jobs/:id/certificate.pdf : the certificate of the job's decisions as a PDF to download. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return certificatePdfResponse(request, params.id)
}
