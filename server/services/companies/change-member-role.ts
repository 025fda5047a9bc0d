import { and, eq } from 'drizzle-orm'
import { changeRoleSchema } from '../../../lib/company-schema'
import { getAppContext } from '../../context/app-context'
import { companyMembers } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { recordAudit } from '../audit/record-audit'
import { parseInput } from '../shared/parse-input'
import { requireSignedIn, type MaybeActor } from '../shared/authorize'
import { keepAnOwner } from './membership-changes'
import { requireCompanyManager } from './require-company-manager'

/**
 * An owner changes a member's role (their own too, while another owner remains). The new role
 * holds from the member's next request, in every session and API token.
 */
export async function changeMemberRole({ actor: maybeActor, companyId, input }: { actor: MaybeActor; companyId?: string | null; input: { userId?: unknown; role?: unknown } }): Promise<void> {
  const actor = requireSignedIn(maybeActor)
  const id = companyId || actor.companyId
  requireCompanyManager(actor, id)
  const { userId, role } = parseInput(changeRoleSchema, input)
  const { db } = getAppContext()
  await db.transaction(async (tx) => {
    const [member] = await tx.select().from(companyMembers).where(and(eq(companyMembers.companyId, id!), eq(companyMembers.userId, userId))).for('update').limit(1)
    if (!member) throw new AppError('NOT_FOUND', 'Member not found')
    if (member.role === role) return
    await keepAnOwner(tx, id!, member.role === 'owner')
    await tx.update(companyMembers).set({ role }).where(and(eq(companyMembers.companyId, id!), eq(companyMembers.userId, userId)))
    await recordAudit(tx, { actor, subjectUserId: userId, action: 'change-member-role', details: { companyId: id, from: member.role, to: role } })
  })
}
