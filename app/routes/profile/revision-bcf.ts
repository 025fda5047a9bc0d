import type { Route } from './+types/revision-bcf'
import { revisionBcfResponse } from './review-documents.server'

/** GET /profile/jobs/:id/revisions/:revisionId/comments.bcf : a revision's comments as BCF, for the tools that read it. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return revisionBcfResponse(request, params.id, params.revisionId)
}
