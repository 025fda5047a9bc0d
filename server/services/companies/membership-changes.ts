import { and, count, eq } from 'drizzle-orm'
import type { Database } from '../../db/open-database'
import { companies, companyMembers, jobRequests } from '../../db/schema'
import { AppError } from '../../errors/app-error'

type Tx = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>

export const LAST_OWNER_MESSAGE = 'A company needs an owner: make someone else an owner first.'

/** The company's owners, counted inside the change's transaction (rows locked, so two changes wait for each other). */
export async function ownersOf(tx: Tx, companyId: string): Promise<number> {
  const rows = await tx.select({ userId: companyMembers.userId }).from(companyMembers).where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'owner'))).for('update')
  return rows.length
}

/** Refuses a change that would leave a company with members but no owner. */
export async function keepAnOwner(tx: Tx, companyId: string, leavingOwner: boolean): Promise<void> {
  if (leavingOwner && (await ownersOf(tx, companyId)) <= 1) throw new AppError('CONFLICT', LAST_OWNER_MESSAGE)
}

/**
 * A person leaves their company (removed, or joining another): their membership goes at once, and
 * with it every right in that company, in every session and API token (the membership's trigger tells
 * the cache of resolved actors). The company they leave is deleted if nobody and nothing is left in it.
 */
export async function leaveCompany(tx: Tx, userId: string, companyId: string): Promise<void> {
  await tx.delete(companyMembers).where(and(eq(companyMembers.userId, userId), eq(companyMembers.companyId, companyId)))
  const [{ members }] = (await tx.select({ members: count() }).from(companyMembers).where(eq(companyMembers.companyId, companyId))) as [{ members: number }]
  const [{ jobs }] = (await tx.select({ jobs: count() }).from(jobRequests).where(eq(jobRequests.companyId, companyId))) as [{ jobs: number }]
  if (members === 0 && jobs === 0) await tx.delete(companies).where(eq(companies.id, companyId))
}

/** A person without a company (removed from one) gets a new one of their own, as at sign-up. */
export async function giveOwnCompany(tx: Tx, userId: string): Promise<string> {
  const [company] = await tx.insert(companies).values({}).returning({ id: companies.id })
  await tx.insert(companyMembers).values({ companyId: company!.id, userId, role: 'owner' })
  return company!.id
}
