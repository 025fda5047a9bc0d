import type { Route } from './+types/activity-csv'
import { activityCsvResponse } from './activity.server'

/** GET /profile/activity.csv?account=&action=&from=&to= : the whole activity log as CSV, for admins. */
export async function loader({ request }: Route.LoaderArgs) {
  return activityCsvResponse(request)
}
