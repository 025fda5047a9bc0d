import type { Route } from './+types/job-view'
import { jobViewResponse, markJobReadResponse } from './job.server'

/** GET: the job page's data as JSON (its clientLoader); POST: the viewer has read the job's thread. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return jobViewResponse(request, params.id)
}

export async function action({ request, params }: Route.ActionArgs) {
  return markJobReadResponse(request, params.id)
}
