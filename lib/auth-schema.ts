import { z } from 'zod'
import { limits } from './catalogue'

/**
 * The password rule of SPEC.md section 5, written once: the login form shows each unmet rule and
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

export const newPasswordSchema = z.string().superRefine((value, ctx) => {
  const problem = describeUnmetPasswordRules(value)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})

export const emailSchema = z.string().trim().toLowerCase().email('Please enter a valid email address').max(254)

export const signUpSchema = z.object({ email: emailSchema, password: newPasswordSchema })
export const signInSchema = z.object({ email: emailSchema, password: z.string().min(1, 'Please enter your password').max(PASSWORD_MAX_LENGTH) })
export const verificationCodeSchema = z.object({ email: emailSchema, otp: z.string().trim().regex(/^\d{6}$/, 'The code is 6 digits') })
export const resetPasswordSchema = z.object({
  email: emailSchema,
  otp: z.string().trim().regex(/^\d{6}$/, 'The code is 6 digits'),
  password: newPasswordSchema,
})

/** The rate-limit answer the server gives and the form shows. */
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.'
/** Same words whether or not the account exists. */
export const INVALID_CREDENTIALS_MESSAGE = 'Incorrect email or password'
export const INVALID_CODE_MESSAGE = 'That code is not valid. Please check it or ask for a new one.'

export { LOGIN_EMAIL_STORAGE_KEY } from './auth-constants'
