import { and, desc, eq, sql } from 'drizzle-orm'
import { getAppContext, type AppContext } from '../../context/app-context'
import { jobRequests } from '../../db/schema'
import { companyOfSubject } from '../companies/company-of-subject'
import { requireSignedIn, type MaybeActor } from '../shared/authorize'
import { archivedFilter, toJobRequest, type ArchivedJobs, type JobRequest } from './job-request-types'

export interface ListJobRequestsOptions {
  actor: MaybeActor
  /** Whose company's jobs: the actor's own company by default; an admin may name any client, or pass `all: true`. */
  user?: string | null
  /** Admins only: every client's job requests. */
  all?: boolean
  limit?: number
  /** The active jobs (by default), the archived ones, or both. */
  archived?: ArchivedJobs
}

/**
 * The list of one client company's job requests, the portal's most frequent read, as a prepared statement:
 * built once per database, parsed and planned once per connection.
 */
const ownListByDb = new WeakMap<AppContext['db'], ReturnType<typeof prepareOwnList>>()
function prepareOwnList(db: AppContext['db']) {
  return db
    .select()
    .from(jobRequests)
    .where(and(eq(jobRequests.companyId, sql.placeholder('company')), archivedFilter(sql.placeholder('archived'))))
    .orderBy(desc(jobRequests.createdAt))
    .limit(sql.placeholder('take'))
    .prepare('list_company_job_requests')
}

/** A client company's job requests, newest first, the archived ones only when asked. A member sees only their company's. */
export async function listJobRequests({ actor, user, all, limit = 500, archived = 'exclude' }: ListJobRequestsOptions): Promise<JobRequest[]> {
  const a = requireSignedIn(actor)
  const { db } = getAppContext()
  const take = Math.min(Math.max(1, limit), 1000)
  if (all && a.isAdmin && !user) {
    const rows = await db.select().from(jobRequests).where(archivedFilter(archived)).orderBy(desc(jobRequests.createdAt)).limit(take)
    return rows.map(toJobRequest)
  }
  const { companyId } = await companyOfSubject(a, user)
  if (!companyId) return []
  let ownList = ownListByDb.get(db)
  if (!ownList) ownListByDb.set(db, (ownList = prepareOwnList(db)))
  const rows = await ownList.execute({ company: companyId, take, archived })
  return rows.map(toJobRequest)
}
