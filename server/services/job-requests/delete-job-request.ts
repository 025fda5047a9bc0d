import { eq } from 'drizzle-orm'
import { getAppContext } from '../../context'
import { jobRequests } from '../../db/schema'
import { recordAudit } from '../audit/record-audit'
import type { MaybeActor } from '../shared/authorize'
import { getJobRequest } from './get-job-request'
import type { JobRequest } from './job-request-types'

export interface DeleteJobRequestOptions {
  actor: MaybeActor
  id: string
}

/** Deletes one's own job request (or, for an admin, a client's). Returns what was deleted. */
export async function deleteJobRequest({ actor, id }: DeleteJobRequestOptions): Promise<JobRequest> {
  const existing = await getJobRequest({ actor, id })
  const { db } = getAppContext()
  await db.transaction(async (tx) => {
    await tx.delete(jobRequests).where(eq(jobRequests.id, id))
    await recordAudit(tx, { actor: actor!, subjectUserId: existing.user, action: 'delete-job-request', details: { id } })
  })
  return existing
}
