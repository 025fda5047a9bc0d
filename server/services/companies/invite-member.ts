import { createHash, randomBytes } from 'node:crypto'
import { and, count, eq, gt, isNull } from 'drizzle-orm'
import { limits } from '../../../lib/catalogue'
import { companyRoleLabels } from '../../../lib/company-roles'
import { inviteMemberSchema } from '../../../lib/company-schema'
import { site } from '../../../lib/site'
import { getAppContext } from '../../context/app-context'
import { companies, companyInvitations, companyMembers, users } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { enqueueOutbox } from '../../outbox/enqueue'
import { recordAudit } from '../audit/record-audit'
import { parseInput } from '../shared/parse-input'
import { requireSignedIn, type MaybeActor } from '../shared/authorize'
import { requireCompanyManager } from './require-company-manager'

export const ALREADY_MEMBER_MESSAGE = 'This person is already a member of the company.'
export const TOO_MANY_INVITATIONS_MESSAGE = `A company may have at most ${limits.companyPendingInvitationsMax} invitations waiting. Revoke one first.`

/** The SHA-256 an invitation's token is kept as. */
export function invitationTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

export interface InviteMemberOptions {
  actor: MaybeActor
  /** The company; the actor's own by default (an admin names one). */
  companyId?: string | null
  input: { email?: unknown; role?: unknown }
}

/**
 * An owner invites someone by email, with a role. The mail (through the outbox, in the same
 * transaction) carries a link with a random token that works once, for LIMITS.companyInvitationDays
 * days, and only for an account with that email. A new invitation to the same address replaces the
 * one waiting.
 */
export async function inviteMember({ actor: maybeActor, companyId, input }: InviteMemberOptions): Promise<{ id: string; expiresAt: Date }> {
  const actor = requireSignedIn(maybeActor)
  const id = companyId || actor.companyId
  requireCompanyManager(actor, id)
  const { email, role } = parseInput(inviteMemberSchema, input)
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + limits.companyInvitationDays * 86_400_000)
  const { db, env } = getAppContext()
  return db.transaction(async (tx) => {
    const [company] = await tx.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, id!)).for('update').limit(1)
    if (!company) throw new AppError('NOT_FOUND', 'Company not found')
    const [member] = await tx
      .select({ userId: companyMembers.userId })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(and(eq(companyMembers.companyId, company.id), eq(users.email, email)))
      .limit(1)
    if (member) throw new AppError('BAD_REQUEST', ALREADY_MEMBER_MESSAGE, { fieldErrors: { email: [ALREADY_MEMBER_MESSAGE] } })
    const waiting = and(eq(companyInvitations.companyId, company.id), isNull(companyInvitations.acceptedAt), gt(companyInvitations.expiresAt, new Date()))
    await tx.delete(companyInvitations).where(and(waiting, eq(companyInvitations.email, email)))
    const [{ n }] = (await tx.select({ n: count() }).from(companyInvitations).where(waiting)) as [{ n: number }]
    if (n >= limits.companyPendingInvitationsMax) throw new AppError('BAD_REQUEST', TOO_MANY_INVITATIONS_MESSAGE, { fieldErrors: { email: [TOO_MANY_INVITATIONS_MESSAGE] } })
    const [created] = await tx
      .insert(companyInvitations)
      .values({ companyId: company.id, email, role, tokenHash: invitationTokenHash(token), invitedBy: actor.userId, expiresAt })
      .returning({ id: companyInvitations.id })
    const companyName = company.name ?? 'a client company'
    const link = `${env.publicUrl}/join/${token}`
    const text = [
      `${actor.email} invited you to join ${companyName} on ${site.companyName}'s client portal as ${companyRoleLabels[role].toLowerCase()}.`,
      `Open this link to accept (sign up or sign in with ${email} first): ${link}`,
      `The link works once, until ${expiresAt.toUTCString()}. If you did not expect it, ignore this mail.`,
      site.companyName,
    ].join('\n\n')
    await enqueueOutbox(tx, { channel: 'mail', kind: 'company-invitation', payload: { to: email, subject: `${site.companyName}: join ${companyName}`, text } })
    await recordAudit(tx, { actor, subjectUserId: null, action: 'invite-member', details: { companyId: company.id, email, role } })
    return { id: created!.id, expiresAt }
  })
}
