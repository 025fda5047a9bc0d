import type { Actor } from '../../auth/actor'
import { AppError } from '../../errors/app-error'
import { consumeRateLimit } from '../../rate-limit/consume-rate-limit'

/**
 * What a client may do on jobs in a while. Each of these mails the consultancy, so each is limited per
 * account (the mails are also grouped per job: enqueueJobMail's `grouped`). Generous for a person at
 * work, far below a script's pace.
 */
export const JOB_ACTION_LIMITS = {
  message: { limit: 20, windowMs: 10 * 60_000, words: 'You are sending messages too quickly.' },
  request: { limit: 10, windowMs: 60 * 60_000, words: 'You have sent many job requests in a short time.' },
  decline: { limit: 10, windowMs: 60 * 60_000, words: 'You have declined many quotes in a short time.' },
} as const

export type JobAction = keyof typeof JOB_ACTION_LIMITS

/** "45 seconds", "1 minute", "12 minutes". */
function waitWords(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minutes`
}

/**
 * Counts one `action` by a client against its limit (JOB_ACTION_LIMITS, per account, shared by every
 * instance: server/rate-limit) and refuses it over the limit (TOO_MANY_REQUESTS, with words the form
 * shows: what and how long to wait). The consultancy's own accounts are not limited: their actions
 * are the service, and they mail the client, not themselves.
 */
export async function limitJobAction(actor: Actor, action: JobAction): Promise<void> {
  if (actor.isAdmin) return
  const { limit, windowMs, words } = JOB_ACTION_LIMITS[action]
  const counted = await consumeRateLimit({ key: `job-${action}:user:${actor.userId}`, limit, windowMs })
  if (!counted.allowed) throw new AppError('TOO_MANY_REQUESTS', `${words} Please wait ${waitWords(counted.retryAfterSeconds)} and try again.`)
}
