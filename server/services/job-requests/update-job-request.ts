import { eq } from 'drizzle-orm'
import { getAppContext } from '../../context'
import { jobRequests } from '../../db/schema'
import { recordAudit } from '../audit/record-audit'
import type { MaybeActor } from '../shared/authorize'
import { getJobRequest } from './get-job-request'
import { toJobRequest, type JobRequest } from './job-request-types'
import { normaliseFiles } from './normalise-job-request-fields'

export interface UpdateJobRequestOptions {
  actor: MaybeActor
  id: string
  /** The only updatable field (SPEC.md section 7: "update by id: files"). */
  files: string[] | string
}

export async function updateJobRequest({ actor, id, files }: UpdateJobRequestOptions): Promise<JobRequest> {
  const existing = await getJobRequest({ actor, id })
  const { db } = getAppContext()
  return db.transaction(async (tx) => {
    const [row] = await tx.update(jobRequests).set({ files: normaliseFiles(files), updatedAt: new Date() }).where(eq(jobRequests.id, id)).returning()
    await recordAudit(tx, { actor: actor!, subjectUserId: existing.user, action: 'update-job-request', details: { id } })
    return toJobRequest(row!)
  })
}
