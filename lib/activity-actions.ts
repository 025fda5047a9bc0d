/**
 * The words of the activity log: what each recorded action is called, for the account's own events
 * (security_event) and for the admins' actions on a client's data (audit_log). The server filters by
 * these names and the page and the CSV export label them with the same words.
 */
export const accountEventLabels = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed: wrong password',
  'second-factor-failed': 'Sign-in failed: wrong code',
  'sign-out': 'Signed out',
  'password-changed': 'Password changed',
  'password-reset': 'Password reset with a mailed code',
  'email-changed': 'Sign-in email changed',
  'two-factor-enabled': 'Two-factor sign-in turned on',
  'two-factor-disabled': 'Two-factor sign-in turned off',
  'recovery-codes-renewed': 'New recovery codes made',
  'recovery-code-used': 'Recovery code used',
  'passkey-added': 'Passkey added',
  'passkey-renamed': 'Passkey renamed',
  'passkey-removed': 'Passkey removed',
  'session-ended': 'Session ended',
  'other-sessions-ended': 'All other sessions ended',
  'api-token-created': 'API token created',
  'api-token-revoked': 'API token revoked',
} as const

export type AccountEventAction = keyof typeof accountEventLabels

export const adminActionLabels = {
  'update-profile': 'Admin updated the profile',
  'set-company-logo': 'Admin set the company logo',
  'set-job-update-mails': 'Admin changed the job update mails',
  'create-job-request': 'Admin created a job request',
  'update-job-request': 'Admin updated a job request',
  'delete-job-request': 'Admin deleted a job request',
  'move-job-stage': 'Admin moved a job to another stage',
  'archive-job': 'Admin archived a job',
  'unarchive-job': 'Admin brought back an archived job',
  'upload-file': 'Admin uploaded a file',
  'delete-file': 'Admin deleted a file',
  'update-comment': 'Admin edited a comment',
  'delete-comment': 'Admin deleted a comment',
  'view-as': 'Admin viewed the portal as the client (read-only)',
  'update-company': 'Admin changed the company details',
  'invite-member': 'Admin invited a member to the company',
  'revoke-invitation': 'Admin withdrew an invitation',
  'change-member-role': 'Admin changed a member’s role',
  'remove-member': 'Admin removed a member from the company',
} as const

export type AdminAction = keyof typeof adminActionLabels

export type ActivityAction = AccountEventAction | AdminAction

/** Every action the log can be filtered by, with its words. */
export const activityActionLabels: Record<string, string> = { ...accountEventLabels, ...adminActionLabels }

export function labelOfAction(action: string): string {
  return Object.hasOwn(activityActionLabels, action) ? activityActionLabels[action]! : action
}

/** How a sign-in proved who it was. */
export const signInMethodLabels: Record<string, string> = {
  password: 'password',
  'email-code': 'mailed code',
  totp: 'password and authenticator code',
  'recovery-code': 'password and recovery code',
  passkey: 'passkey',
}
