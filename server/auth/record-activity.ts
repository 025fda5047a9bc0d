import type { Database } from '../db/open-database'
import { enqueueOutbox } from '../outbox/enqueue'

/**
 * The activity notification of SPEC.md section 7 ({email, action, alert, message}), recorded through the
 * outbox on sign-in and sign-out.
 */
export async function recordActivity(db: Pick<Database, 'insert'>, activity: { email: string; action: 'sign-in' | 'sign-out' }) {
  const signIn = activity.action === 'sign-in'
  await enqueueOutbox(db, {
    channel: 'notification',
    kind: 'activity',
    payload: {
      email: activity.email,
      action: signIn ? 'Login' : 'Logout',
      alert: signIn ? 'User signed in' : 'User signed out',
      message: `${activity.email} ${signIn ? 'signed in' : 'signed out'}`,
    },
  })
}
