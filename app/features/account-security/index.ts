/** The account security settings, as the dashboard shows them. */
export { AccountSecuritySettings } from './account-security-settings'
