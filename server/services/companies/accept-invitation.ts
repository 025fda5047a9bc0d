import { and, eq, gt, isNull } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { companyInvitations, companyMembers } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { requireSignedIn, type MaybeActor } from '../shared/authorize'
import { INVITATION_GONE_MESSAGE } from './get-invitation'
import { invitationTokenHash } from './invite-member'
import { keepAnOwner, leaveCompany } from './membership-changes'

export const OTHER_EMAIL_MESSAGE = 'This invitation was sent to another email address. Sign in with that address to accept it.'

/**
 * The invited person joins: signed in with the address the invitation was sent to, once, before it
 * expires. They leave the company they were in (its last owner may not, while others remain in it).
 * Their jobs there stay with that company.
 */
export async function acceptInvitation({ actor: maybeActor, token }: { actor: MaybeActor; token: string }): Promise<{ companyId: string }> {
  const actor = requireSignedIn(maybeActor)
  const { db } = getAppContext()
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(companyInvitations)
      .where(and(eq(companyInvitations.tokenHash, invitationTokenHash(token)), isNull(companyInvitations.acceptedAt), gt(companyInvitations.expiresAt, new Date())))
      .for('update')
      .limit(1)
    if (!invitation) throw new AppError('GONE', INVITATION_GONE_MESSAGE)
    if (invitation.email !== actor.email.toLowerCase()) throw new AppError('CONFLICT', OTHER_EMAIL_MESSAGE)
    const [current] = await tx.select().from(companyMembers).where(eq(companyMembers.userId, actor.userId)).for('update').limit(1)
    if (current?.companyId === invitation.companyId) throw new AppError('CONFLICT', 'You are already a member of this company.')
    if (current) {
      const others = await tx.select({ userId: companyMembers.userId }).from(companyMembers).where(eq(companyMembers.companyId, current.companyId)).limit(2)
      if (others.length > 1) await keepAnOwner(tx, current.companyId, current.role === 'owner')
      await leaveCompany(tx, actor.userId, current.companyId)
    }
    await tx.insert(companyMembers).values({ companyId: invitation.companyId, userId: actor.userId, role: invitation.role })
    await tx.update(companyInvitations).set({ acceptedAt: new Date(), acceptedBy: actor.userId }).where(eq(companyInvitations.id, invitation.id))
    return { companyId: invitation.companyId }
  })
}
