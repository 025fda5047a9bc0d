/**
 * Auth constants the page shell needs on every page. Kept apart from lib/auth-schema.ts so that
 * the first load of public pages does not carry the Zod schemas (they load with the login form).
 */

/** Local-storage key of the stored login email (SPEC.md section 4, "Auth"). */
export const LOGIN_EMAIL_STORAGE_KEY = 'login_email'
