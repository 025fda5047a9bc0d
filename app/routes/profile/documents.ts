import type { Route } from './+types/documents'
import { documentsResponse } from './dashboard.server'

/** GET /profile/documents?client= : JSON for the dashboard's documents list. */
export async function loader({ request }: Route.LoaderArgs) {
  return documentsResponse(request)
}
