import type { Database } from '../db/open-database'
import { enqueueOutbox } from '../outbox/enqueue'

/**
 * The activity notification ({email, action, alert, message}: "Login"/"User signed in" or
 * "Logout"/"User signed out"), recorded through the outbox on sign-out and on a sign-in that is not a
 * repeat (see is-repeat-sign-in.ts).
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
