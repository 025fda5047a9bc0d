import type { Route } from './+types/transmittal-pdf'
import { transmittalPdfResponse } from './review-documents.server'

/** GET /profile/jobs/:id/transmittals/:file ("2.pdf"): a release's transmittal as a PDF to download. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return transmittalPdfResponse(request, params.id, params.file)
}
