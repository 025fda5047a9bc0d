import { eq } from 'drizzle-orm'
import { getAppContext } from '../../context'
import { jobRequests, users } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { enqueueOutbox } from '../../outbox/enqueue'
import { recordAudit } from '../audit/record-audit'
import { resolveSubjectUserId, type MaybeActor } from '../shared/authorize'
import { toJobRequest, type JobRequest, type JobRequestInput } from './job-request-types'
import { limitText, normaliseFiles, normalisePriority } from './normalise-job-request-fields'

export interface CreateJobRequestOptions {
  actor: MaybeActor
  input: JobRequestInput
}

/**
 * A new job request: status "pending", membership "true", priority "1".."5", files an empty JSON list
 * (its files are uploaded into job-files/{id}/ once it exists, and listed as each upload finishes).
 * The job-request notification is queued in the same transaction (nothing is lost, nothing is sent twice).
 */
export async function createJobRequest({ actor, input }: CreateJobRequestOptions): Promise<JobRequest> {
  const owner = resolveSubjectUserId(actor, input.user)
  const { db } = getAppContext()
  const values = {
    user: owner,
    job: limitText(input.job, 'job', 500),
    reference: limitText(input.reference, 'reference', 500),
    instructions: limitText(input.instructions, 'instructions', 10_000),
    status: 'pending',
    priority: normalisePriority(input.priority),
    files: JSON.stringify(normaliseFiles(input.files, null)),
    membership: 'true',
  }
  const row = await db.transaction(async (tx) => {
    const [client] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, owner)).limit(1)
    if (!client) throw new AppError('NOT_FOUND', 'User not found')
    const [created] = await tx.insert(jobRequests).values(values).returning()
    const jobRequest = toJobRequest(created!)
    await enqueueOutbox(tx, { channel: 'notification', kind: 'job-request', payload: { ...jobRequest, email: client.email } })
    await recordAudit(tx, { actor: actor!, subjectUserId: owner, action: 'create-job-request', details: { id: jobRequest.id } })
    return jobRequest
  })
  return row
}
