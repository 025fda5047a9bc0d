import type { AppContext } from '../context/app-context'
import { enqueueOutbox } from '../outbox/enqueue'
import { currentAuthRequest } from './auth-request-scope'
import { takeCodeMail } from './take-code-mail'

export interface AccountMail {
  to: string
  subject: string
  text: string
  /** The outbox kind (a label for logs). */
  kind: 'verification-code' | 'account-notice'
}

/**
 * The one place where a code or an account notice is mailed, whichever better-auth endpoint asked for
 * it, so every such mail is inside the code-mail limits (per recipient and per client address). A
 * mail the HTTP layer already counted for this request is not counted twice. Returns false when the
 * limit is reached: the mail is then not sent.
 */
export async function sendAccountMail(ctx: Pick<AppContext, 'db' | 'log'>, mail: AccountMail): Promise<boolean> {
  const scope = currentAuthRequest()
  if (!scope?.countedMailRecipients.has(mail.to)) {
    const taken = await takeCodeMail({ recipient: mail.to, ip: scope?.ip ?? 'server' })
    if (!taken.allowed) {
      ctx.log.warn({ source: 'auth', kind: mail.kind }, 'account mail not sent: the limit of code mails is reached')
      return false
    }
  }
  await enqueueOutbox(ctx.db, { channel: 'mail', kind: mail.kind, payload: { to: mail.to, subject: mail.subject, text: mail.text } })
  return true
}
