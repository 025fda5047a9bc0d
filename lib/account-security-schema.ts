import { enteredPasswordSchema } from './auth-schema'
import { z } from './zod'

/**
 * Two-factor sign-in, passkeys and sessions: one schema per form, used by the form before it sends
 * and by the server when it receives. The words of the sign-in step are here too, so the dialog and
 * the server say the same thing.
 */
export const WRONG_SECOND_FACTOR_MESSAGE = 'That code is not right. Please check it and try again.'
export const SECOND_FACTOR_SIGN_IN_AGAIN_MESSAGE = 'Your sign-in has timed out or was tried too often. Please sign in again with your password.'
export const WRONG_SETUP_CODE_MESSAGE = 'That code is not right. Check the time on your phone and enter the code your app shows now.'
export const TWO_FACTOR_ALREADY_ON_MESSAGE = 'Two-factor sign-in is already on. Turn it off first to set up a new app.'
export const TWO_FACTOR_NOT_ON_MESSAGE = 'Two-factor sign-in is not on.'
export const SETUP_NOT_STARTED_MESSAGE = 'Please start the set-up again: enter your password to get a new QR code.'
export const NEEDS_BROWSER_SESSION_MESSAGE = 'Sign-in settings can only be changed from a signed-in browser, not with an API token.'

/** Six digits from an authenticator app. */
export const authenticatorCodeSchema = z
  .string()
  .trim()
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code your app shows'))

/** The sign-in step: six digits from the app, or one recovery code (12 letters and digits, dashes optional). */
export const secondFactorCodeSchema = z
  .string()
  .trim()
  .min(1, 'Please enter the code from your app, or a recovery code')
  .max(64, 'That is not a code from your app or a recovery code')
  .refine((code) => /^\d{6}$/.test(code.replace(/\s/g, '')) || /^[a-z0-9]{12}$/i.test(code.replace(/[\s-]/g, '')), 'That is not a code from your app or a recovery code')

/** The sign-in step's form: the code from the app, or a recovery code. */
export const secondFactorSchema = z.object({ code: secondFactorCodeSchema })

/** Starting the set-up: the password, so a session left open somewhere cannot tie the account to someone else's phone. */
export const twoFactorSetupSchema = z.object({ password: enteredPasswordSchema })
/** Confirming the set-up with the first code from the app. */
export const twoFactorConfirmSchema = z.object({ code: authenticatorCodeSchema })
/** Turning it off: the password and a current code (or a recovery code). */
export const twoFactorDisableSchema = z.object({ password: enteredPasswordSchema, code: secondFactorCodeSchema })
/** New recovery codes: the password. */
export const recoveryCodesSchema = z.object({ password: enteredPasswordSchema })

export const PASSKEY_NAME_MAX_LENGTH = 60
export const passkeyNameSchema = z
  .string()
  .trim()
  .min(1, 'Please name the passkey')
  .max(PASSKEY_NAME_MAX_LENGTH, `At most ${PASSKEY_NAME_MAX_LENGTH} characters`)
/** Adding a passkey: its name and the password. */
export const addPasskeySchema = z.object({ name: passkeyNameSchema, password: enteredPasswordSchema })
