import type { Route } from './+types/work-queue-count'
import { workNeedingUsCountResponse } from './dashboard.server'

/** JSON for the dashboard: the header's count of work needing the consultancy. */
export async function loader({ request }: Route.LoaderArgs) {
  return workNeedingUsCountResponse(request)
}
