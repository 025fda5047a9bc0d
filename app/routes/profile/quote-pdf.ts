import type { Route } from './+types/quote-pdf'
import { quotePdfResponse } from './job.server'

/** GET /profile/jobs/:id/quotes/:quoteId : the quote as a PDF to download. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return quotePdfResponse(request, params.id, params.quoteId)
}
