import type { JobViewer } from '../../../lib/job-abilities'
import type { JobSide } from '../../../lib/job-stages'
import type { Actor } from '../../auth/actor'

/**
 * The viewer an actor is of a job: the consultancy (an admin) for every job, a member of a client
 * company for the company's jobs, with their role in it.
 */
export function viewerOf(actor: Actor, job: { companyId: string }): JobViewer {
  if (actor.isAdmin) return { side: 'consultancy', owns: true }
  return { side: 'client', owns: actor.companyId !== null && job.companyId === actor.companyId, role: actor.companyRole }
}

/** Whether an actor may see a job at all: an admin, or a member of the company it belongs to. */
export function canSeeJob(actor: Actor, job: { companyId: string }): boolean {
  return viewerOf(actor, job).owns
}

/** The side an actor acts for on a job: an admin is the consultancy, anyone else the client. */
export function sideOf(actor: Actor): JobSide {
  return actor.isAdmin ? 'consultancy' : 'client'
}
