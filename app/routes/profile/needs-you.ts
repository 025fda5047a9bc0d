import type { Route } from './+types/needs-you'
import { needsYouResponse } from './dashboard.server'

/** JSON for the dashboard: a client's "What needs you" list. */
export async function loader({ request }: Route.LoaderArgs) {
  return needsYouResponse(request)
}
