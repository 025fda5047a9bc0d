import { giveBackToWindow, takeFromWindow } from './auth-counters'
import { authLimits } from './auth-limits'

const recipientKey = (recipient: string) => `auth:mail:to:${recipient}`
const addressKey = (ip: string) => `auth:mail:ip:${ip}`

/**
 * Counts one mail with a code (or an account notice) to `recipient`, asked for from client address
 * `ip`: false when either has had its share for the window (the mail is then not sent).
 */
export async function takeCodeMail({ recipient, ip }: { recipient: string; ip: string }): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const perRecipient = await takeFromWindow({ key: recipientKey(recipient), ...authLimits.codeMailsPerAccount })
  if (!perRecipient.allowed) return perRecipient
  const perAddress = await takeFromWindow({ key: addressKey(ip), ...authLimits.codeMailsPerAddress })
  if (!perAddress.allowed) {
    await giveBackToWindow(recipientKey(recipient))
    return perAddress
  }
  return { allowed: true, retryAfterSeconds: 0 }
}
