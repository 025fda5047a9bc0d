/** The account security settings, as the dashboard shows them. */
export { AccountSecuritySettings } from './account-security-settings'
// What every form that posts to the auth API shares: its client, its answers' wording, the password
// checklist, the form status, and the passkey ceremonies (signing in with one, adding one).
export { callAuth, explain, PasswordChecklist, type AuthAnswer } from './auth-form'
export { firstError, FormStatus, generalProblem, useAuthApiForm, useFocusLater, type FormStatusValue } from './auth-api-form-parts'
export { authenticateWithPasskey, passkeysSupported, registerPasskey } from './passkey-ceremony'
