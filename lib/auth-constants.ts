/**
 * Auth constants the page shell needs on every page. Kept apart from lib/auth-schema.ts so that
 * the first load of public pages does not carry the Zod schemas (they load with the login form).
 */

/**
 * Local-storage key of the login email: a sign-in stores it, a sign-out clears it, and the sign-in
 * notification is recorded only when the browser had not stored it yet.
 */
export const LOGIN_EMAIL_STORAGE_KEY = 'login_email'

/**
 * Sent with a sign-in (value "1") by a browser that already stored the address it signs in with. The
 * server then records no new sign-in notification, provided the browser also carries the account's
 * known-device cookie (so a browser that never signed in to the account cannot hide a sign-in).
 */
export const LOGIN_EMAIL_STORED_HEADER = 'x-login-email-stored'
