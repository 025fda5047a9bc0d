import type { Route } from './+types/view'
import { dashboardViewResponse } from './dashboard.server'

/** GET /profile/view?client= : JSON for the dashboard page (its clientLoader). */
export async function loader({ request }: Route.LoaderArgs) {
  return dashboardViewResponse(request)
}
