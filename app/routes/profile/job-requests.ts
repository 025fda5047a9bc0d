import type { Route } from './+types/job-requests'
import { jobRequestsResponse } from './dashboard.server'

/** GET /profile/job-requests?client= : JSON for the dashboard's Job Requests table. */
export async function loader({ request }: Route.LoaderArgs) {
  return jobRequestsResponse(request)
}
