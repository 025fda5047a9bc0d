import { getAppContext } from '../../context/app-context'
import { profiles } from '../../db/schema'
import { recordAudit } from '../audit/record-audit'
import { resolveSubjectUserId, type MaybeActor, requireSignedIn } from '../shared/authorize'

export interface SetJobUpdateMailsOptions {
  actor: MaybeActor
  /** Another client (admins only); the actor by default. */
  userId?: string | null
  enabled: boolean
}

/**
 * Turns the optional job mails on or off: a job's stage changes and the consultancy's messages.
 * Quotes and released results are mailed whatever this says, since the client has to act on them.
 */
export async function setJobUpdateMails({ actor: maybeActor, userId, enabled }: SetJobUpdateMailsOptions): Promise<{ jobUpdateMails: boolean }> {
  const actor = requireSignedIn(maybeActor)
  const subject = resolveSubjectUserId(actor, userId)
  const { db } = getAppContext()
  await db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({ userId: subject, jobUpdateMails: enabled })
      .onConflictDoUpdate({ target: profiles.userId, set: { jobUpdateMails: enabled, updatedAt: new Date() } })
    await recordAudit(tx, { actor, subjectUserId: subject, action: 'set-job-update-mails', details: { enabled } })
  })
  return { jobUpdateMails: enabled }
}
