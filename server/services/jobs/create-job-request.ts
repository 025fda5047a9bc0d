import { eq } from 'drizzle-orm'
import { jobRequestSchema, type JobRequestField, type JobRequestFields, type JobRequestFormInput } from '../../../lib/job-request-schema'
import { getAppContext } from '../../context/app-context'
import { jobRequests, users } from '../../db/schema'
import { companyRoleAbilities } from '../../../lib/company-roles'
import { loadMembership } from '../companies/load-membership'
import { AppError } from '../../errors/app-error'
import { enqueueOutbox } from '../../outbox/enqueue'
import { recordAudit } from '../audit/record-audit'
import { resolveSubjectUserId, type MaybeActor, requireSignedIn } from '../shared/authorize'
import { parseInput } from '../shared/parse-input'
import { toJobRequest, type JobRequest } from './job-request-types'
import { enqueueJobMail } from './enqueue-job-mail'
import { limitJobAction } from './limit-job-action'
import { normaliseFiles } from './normalise-job-request-fields'

export interface CreateJobRequestOptions {
  actor: MaybeActor
  /** The client the job is for: the actor by default; another user only for an admin. */
  user?: string | null
  /** The client's fields, as lib/job-request-schema.ts reads them (every field of it is stored). */
  input: JobRequestFormInput
  /** A list of paths, or that list JSON-encoded: a new job has no folder yet, so only an empty one. */
  files?: string[] | string | null
}

/** Each field of the schema is the column of the same name (a field without a column fails to compile). */
function toColumns(fields: JobRequestFields): Pick<typeof jobRequests.$inferInsert, JobRequestField> {
  return { ...fields, priority: String(fields.priority) }
}

/**
 * A new job request: the fields of the one job request schema, status "pending", membership "true",
 * files an empty JSON list (its files are uploaded into job-files/{id}/ once it exists, and listed
 * as each upload finishes). The job-request notification is queued in the same transaction (nothing
 * is lost, nothing is sent twice), and so is the mail to the consultancy when a client asks (limited
 * per client, and grouped with the job's next mails).
 */
export async function createJobRequest({ actor: maybeActor, user, input, files }: CreateJobRequestOptions): Promise<JobRequest> {
  const actor = requireSignedIn(maybeActor)
  const owner = resolveSubjectUserId(actor, user)
  // A client requests for their company, if their role lets them work on its jobs.
  if (!actor.isAdmin && !companyRoleAbilities(actor.companyRole).work) throw new AppError('UNAUTHORIZED')
  const fields = parseInput(jobRequestSchema, input)
  await limitJobAction(actor, 'request')
  const { db } = getAppContext()
  const membership = owner === actor.userId && actor.companyId ? { companyId: actor.companyId } : await loadMembership(owner)
  if (!membership) throw new AppError('NOT_FOUND', 'User not found')
  const values = {
    ...toColumns(fields),
    user: owner,
    companyId: membership.companyId,
    status: 'pending',
    files: JSON.stringify(normaliseFiles(files, null)),
    membership: 'true',
  }
  return db.transaction(async (tx) => {
    const [client] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, owner)).limit(1)
    if (!client) throw new AppError('NOT_FOUND', 'User not found')
    const [created] = await tx.insert(jobRequests).values(values).returning()
    const jobRequest = toJobRequest(created!)
    await enqueueOutbox(tx, { channel: 'notification', kind: 'job-request', payload: { ...jobRequest, email: client.email } })
    if (!actor.isAdmin) {
      await enqueueJobMail(tx, {
        to: 'consultancy',
        job: created!,
        actorId: actor.userId,
        what: 'new job request',
        text: `${client.email} requested a job (priority ${fields.priority} of 5).${fields.instructions ? `\n\nInstructions:\n${fields.instructions}` : ''}`,
        grouped: true,
      })
    }
    await recordAudit(tx, { actor, subjectUserId: owner, action: 'create-job-request', details: { id: jobRequest.id } })
    return jobRequest
  })
}
