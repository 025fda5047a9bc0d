import { z } from './zod'
import { limits } from './catalogue'

/**
 * The password rule, written once: the login form shows each unmet rule and
 * the server refuses a password that breaks any of them with the same words.
 */
export const passwordRules = [
  { id: 'length', message: `At least ${limits.passwordMinLength} characters`, test: (v: string) => v.length >= limits.passwordMinLength },
  { id: 'lowercase', message: 'A lowercase letter', test: (v: string) => /\p{Ll}/u.test(v) },
  { id: 'uppercase', message: 'An uppercase letter', test: (v: string) => /\p{Lu}/u.test(v) },
  { id: 'number', message: 'A number', test: (v: string) => /\p{Nd}/u.test(v) },
  { id: 'symbol', message: 'A symbol', test: (v: string) => /[^\p{L}\p{Nd}\s]/u.test(v) },
] as const

export type PasswordRuleId = (typeof passwordRules)[number]['id']

/** Longer passwords are pointless and make hashing a denial-of-service lever. */
export const PASSWORD_MAX_LENGTH = 128

/** The rules a password does not meet, in display order (empty when it is acceptable). */
export function unmetPasswordRules(password: string): { id: PasswordRuleId; message: string }[] {
  return passwordRules.filter((r) => !r.test(password)).map(({ id, message }) => ({ id, message }))
}

/** "Password needs: A number, A symbol" */
export function describeUnmetPasswordRules(password: string): string | null {
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`
  const unmet = unmetPasswordRules(password)
  return unmet.length ? `Password needs: ${unmet.map((r) => r.message).join(', ')}` : null
}

const newPasswordSchema = z.string().superRefine((value, ctx) => {
  const problem = describeUnmetPasswordRules(value)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})

/** The rate-limit answer the server gives and the form shows. */
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.'
/** Past the per-account ceiling of failed sign-ins, to a browser that has not signed in to the account before. */
export const ACCOUNT_UNDER_ATTACK_MESSAGE =
  'Too many failed sign-ins for this account. Please reset your password with "Forgot password?", or sign in from a device you have used before.'
/** A mailed code tried as often as allowed (it no longer works). */
export const CODE_USED_UP_MESSAGE = 'That code was tried too often and no longer works. Please ask for a new one.'
/** Same words whether or not the account exists. */
export const INVALID_CREDENTIALS_MESSAGE = 'Incorrect email or password'
export const INVALID_CODE_MESSAGE = 'That code is not valid. Please check it or ask for a new one.'
/** The words the server answers (create-auth.ts) when the current password is wrong. */
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is not correct'
export const SAME_EMAIL_MESSAGE = 'That is already your sign-in email. Please enter a different address.'
export const EMAIL_IN_USE_MESSAGE = 'That address already belongs to another account. Please use a different one.'
export const SAME_PASSWORD_MESSAGE = 'The new password must differ from your current one'
export const PASSWORDS_DIFFER_MESSAGE = 'The two new passwords do not match'

export const emailSchema = z.string().trim().toLowerCase().email('Please enter a valid email address').max(254)

/** A mailed one-time code: six digits. */
const otpSchema = z.string().trim().regex(/^\d{6}$/, 'The code is 6 digits')

export const signUpSchema = z.object({ email: emailSchema, password: newPasswordSchema })
/**
 * The password a person types to prove who they are (signing in, or confirming a change of the
 * sign-in settings): anything the rule ever allowed, so only its presence and the length cap apply.
 */
export const enteredPasswordSchema = z.string().min(1, 'Please enter your password').max(PASSWORD_MAX_LENGTH)

export const signInSchema = z.object({ email: emailSchema, password: enteredPasswordSchema })
/**
 * Verifying an address (POST /api/auth/email-otp/verify-email): the code, and the password typed on the
 * sign-up or sign-in form. The first verification makes that the account's password, so a password
 * someone else chose before the owner proved the address never opens the account.
 */
export const verificationCodeSchema = z.object({ email: emailSchema, otp: otpSchema, password: newPasswordSchema })
/** Asking for a password reset code (POST /api/auth/email-otp/request-password-reset): the address. */
export const passwordResetRequestSchema = z.object({ email: emailSchema })
export const resetPasswordSchema = z.object({
  email: emailSchema,
  otp: otpSchema,
  password: newPasswordSchema,
})

/** The password a signed-in person types to prove it is them before a change of email or password. */
const currentPasswordSchema = z.string().min(1, 'Please enter your current password').max(PASSWORD_MAX_LENGTH, WRONG_CURRENT_PASSWORD_MESSAGE)

/**
 * Changing the sign-in email, step 1 (POST /api/auth/email-otp/request-email-change): the new
 * address, which must differ from the current one, and the current password.
 */
export function emailChangeRequestSchema(currentEmail: string) {
  const current = currentEmail.trim().toLowerCase()
  return z.object({
    newEmail: emailSchema.refine((email) => email !== current, SAME_EMAIL_MESSAGE),
    currentPassword: currentPasswordSchema,
  })
}

/** Changing the sign-in email, step 2 (POST /api/auth/email-otp/change-email): the code mailed to the new address. */
export const emailChangeCodeSchema = z.object({ newEmail: emailSchema, otp: otpSchema })

/** Changing the password (POST /api/auth/change-password): the new one follows the rule and is typed twice. */
export const passwordChangeSchema = z
  .object({ currentPassword: currentPasswordSchema, newPassword: newPasswordSchema, confirmPassword: z.string() })
  .superRefine(({ currentPassword, newPassword, confirmPassword }, ctx) => {
    if (newPassword && newPassword === currentPassword) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: SAME_PASSWORD_MESSAGE })
    if (!confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Please type the new password again' })
    else if (confirmPassword !== newPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DIFFER_MESSAGE })
  })

export { LOGIN_EMAIL_STORAGE_KEY } from './auth-constants'
