/**
 * The activity log as the services answer it and the activity panels read it (GraphQL myActivity
 * and activityLog).
 */

/** One line of the activity log: an event of an account, or an admin's action on a client's data. */
export interface ActivityEntry {
  /** `account-<n>` or `admin-<n>`: unique across both kinds. */
  id: string
  at: string
  kind: 'account' | 'admin'
  action: string
  /** The action in words (lib/activity-actions.ts). */
  label: string
  /** Whose account or data it is about. */
  accountEmail: string | null
  /** The admin who acted (admin actions only). */
  byEmail: string | null
  ipAddress: string | null
  /** Approximate place of the address. */
  place: string | null
  /** Browser and system of the request, when known. */
  browser: string | null
  /** What else was recorded, in words (fields changed, a file's path, the way a sign-in was proved). */
  details: string
}

export interface ActivityPage {
  entries: ActivityEntry[]
  page: number
  hasMore: boolean
}
