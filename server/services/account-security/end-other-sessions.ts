import { getAppContext } from '../../context/app-context'
import { recordSecurityEvent } from '../activity/record-security-event'
import type { MaybeActor } from '../shared/authorize'
import type { AccountRequest } from './account-security-types'
import { endOtherSessionsOf } from './end-other-sessions-of'
import { requireBrowserSession } from './require-browser-session'

/** Ends every session of the signed-in person but this one. Returns how many ended. */
export async function endOtherSessions({ actor, client }: { actor: MaybeActor } & AccountRequest): Promise<{ ended: number }> {
  const a = requireBrowserSession(actor)
  const { db } = getAppContext()
  return db.transaction(async (tx) => {
    const ended = await endOtherSessionsOf(tx, a.userId, a.sessionId)
    await recordSecurityEvent(tx, { userId: a.userId, email: a.email, action: 'other-sessions-ended', ...client, details: { ended } })
    return { ended }
  })
}
