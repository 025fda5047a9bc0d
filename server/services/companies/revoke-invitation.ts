import { and, eq, isNull } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { companyInvitations } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { recordAudit } from '../audit/record-audit'
import { isUuid } from '../shared/is-uuid'
import { requireSignedIn, type MaybeActor } from '../shared/authorize'
import { requireCompanyManager } from './require-company-manager'

/** An owner withdraws an invitation that was not accepted yet: its link stops working at once. */
export async function revokeInvitation({ actor: maybeActor, id }: { actor: MaybeActor; id: string }): Promise<void> {
  const actor = requireSignedIn(maybeActor)
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Invitation not found')
  const { db } = getAppContext()
  await db.transaction(async (tx) => {
    const [invitation] = await tx.select().from(companyInvitations).where(and(eq(companyInvitations.id, id), isNull(companyInvitations.acceptedAt))).limit(1)
    // Another company's invitation is refused as not being theirs, an unknown one is not found.
    if (!invitation) throw new AppError('NOT_FOUND', 'Invitation not found')
    requireCompanyManager(actor, invitation.companyId)
    await tx.delete(companyInvitations).where(eq(companyInvitations.id, id))
    await recordAudit(tx, { actor, subjectUserId: null, action: 'revoke-invitation', details: { companyId: invitation.companyId, email: invitation.email } })
  })
}
