import type { JobViewer } from '../../../lib/job-abilities'
import type { JobSide } from '../../../lib/job-stages'
import type { Actor } from '../../auth/actor'

/** The viewer an actor is of a job: the consultancy (an admin) for every job, a client for their own. */
export function viewerOf(actor: Actor, job: { user: string }): JobViewer {
  return { side: sideOf(actor), owns: actor.isAdmin || job.user === actor.userId }
}

/** The side an actor acts for on a job: an admin is the consultancy, anyone else the client. */
export function sideOf(actor: Actor): JobSide {
  return actor.isAdmin ? 'consultancy' : 'client'
}
