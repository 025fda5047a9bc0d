import { signInMethodLabels } from '../../lib/activity-actions'
import { describeUserAgent } from '../../lib/user-agent'
import type { Database } from '../db/open-database'
import { describePlace } from '../geo/describe-place'
import { mailSecurityNotice } from '../services/activity/mail-security-notice'
import { recordSecurityEvent } from '../services/activity/record-security-event'
import { isRepeatSignIn } from './is-repeat-sign-in'
import { isKnownDevice } from './known-device-cookie'
import { recordActivity } from './record-activity'

/** How a sign-in proved who it was. */
export type SignInMethod = 'password' | 'email-code' | 'totp' | 'recovery-code' | 'passkey'

export interface SignInRecord {
  userId: string
  email: string
  method: SignInMethod
  /** The request that signed in (its cookies say whether this browser signed in to the account before). */
  headers: Headers | undefined
  ip: string
  deviceKey: Buffer
}

/**
 * What every completed sign-in leaves behind, whichever way it was proved, in one transaction: the
 * account's activity log entry; the team's activity notification unless it is a repeat from this
 * browser (decision 028); and, when the browser never signed in to the account before (it carries no
 * known-device entry for it), a mail to the owner. The first sign-in of a new account (the mailed
 * code that verifies it) is not news to its owner.
 */
export async function recordSignIn(db: Database, { userId, email, method, headers, ip, deviceKey }: SignInRecord): Promise<void> {
  const userAgent = headers?.get('user-agent') ?? null
  const newBrowser = !isKnownDevice(headers?.get('cookie') ?? null, userId, deviceKey)
  await db.transaction(async (tx) => {
    await recordSecurityEvent(tx, { userId, email, action: 'sign-in', ip, userAgent, details: { method } })
    if (!isRepeatSignIn(headers, userId, deviceKey)) await recordActivity(tx, { email, action: 'sign-in' })
    if (newBrowser && method !== 'email-code') {
      const client = userAgent ? describeUserAgent(userAgent) : null
      await mailSecurityNotice(tx, {
        to: email,
        subject: 'New sign-in from a new browser',
        lines: [
          `Your account was signed in to from a browser that had not signed in to it before.`,
          '',
          `Browser: ${client ? `${client.browser} on ${client.os}` : 'Unknown'}`,
          `Place: ${describePlace(ip)} (address ${ip})`,
          `Time: ${new Date().toUTCString()}`,
          `Signed in with: ${signInMethodLabels[method] ?? method}`,
        ],
      })
    }
  })
}
