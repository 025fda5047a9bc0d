import { and, eq } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { companyMembers } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { recordAudit } from '../audit/record-audit'
import { requireSignedIn, type MaybeActor } from '../shared/authorize'
import { giveOwnCompany, keepAnOwner, leaveCompany } from './membership-changes'
import { requireCompanyManager } from './require-company-manager'

/**
 * An owner removes a member, or a member leaves. From that moment the person sees nothing of the
 * company, in any session or API token; they get an empty company of their own, as at sign-up. The
 * last owner can neither leave nor be removed. What they made (jobs, messages, files) stays with the
 * company.
 */
export async function removeMember({ actor: maybeActor, companyId, userId }: { actor: MaybeActor; companyId?: string | null; userId: string }): Promise<void> {
  const actor = requireSignedIn(maybeActor)
  const id = companyId || actor.companyId
  if (userId !== actor.userId || actor.companyId !== id) requireCompanyManager(actor, id)
  const { db } = getAppContext()
  await db.transaction(async (tx) => {
    const [member] = await tx.select().from(companyMembers).where(and(eq(companyMembers.companyId, id!), eq(companyMembers.userId, userId))).for('update').limit(1)
    if (!member) throw new AppError('NOT_FOUND', 'Member not found')
    await keepAnOwner(tx, id!, member.role === 'owner')
    await leaveCompany(tx, userId, id!)
    await giveOwnCompany(tx, userId)
    await recordAudit(tx, { actor, subjectUserId: userId, action: 'remove-member', details: { companyId: id } })
  })
}
