import type { Route } from './+types/work-queue'
import { workQueueResponse } from './dashboard.server'

/** JSON for the dashboard: the consultancy's work queue. */
export async function loader({ request }: Route.LoaderArgs) {
  return workQueueResponse(request)
}
