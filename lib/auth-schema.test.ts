import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { addPasskeySchema, secondFactorSchema, twoFactorSetupSchema } from './account-security-schema'
import {
  describeUnmetPasswordRules,
  emailChangeCodeSchema,
  emailChangeRequestSchema,
  PASSWORDS_DIFFER_MESSAGE,
  passwordChangeSchema,
  PASSWORD_MAX_LENGTH,
  passwordResetRequestSchema,
  signInSchema,
  SAME_EMAIL_MESSAGE,
  SAME_PASSWORD_MESSAGE,
  signUpSchema,
  unmetPasswordRules,
} from './auth-schema'

describe('password rule', () => {
  it('accepts 8+ characters with lowercase, uppercase, number and symbol', () => {
    expect(unmetPasswordRules('Abcdef1!')).toEqual([])
    expect(describeUnmetPasswordRules('Abcdef1!')).toBeNull()
  })

  it('names every unmet rule', () => {
    expect(unmetPasswordRules('').map((r) => r.id)).toEqual(['length', 'lowercase', 'uppercase', 'number', 'symbol'])
    expect(describeUnmetPasswordRules('abcdefgh')).toBe('Password needs: An uppercase letter, A number, A symbol')
    expect(describeUnmetPasswordRules('Abc1!')).toBe('Password needs: At least 8 characters')
  })

  it('refuses passwords over 128 characters', () => {
    expect(describeUnmetPasswordRules('Aa1!' + 'x'.repeat(130))).toBe('Password must be at most 128 characters')
  })

  it('normalises the email of the sign-up form', () => {
    expect(signUpSchema.parse({ email: ' Ada@Example.COM ', password: 'Abcdef1!' }).email).toBe('ada@example.com')
  })
})

/** The first message per field, as the forms show them. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {}
  for (const issue of result.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message
  return out
}

describe('changing the sign-in email', () => {
  const schema = emailChangeRequestSchema('Ada@Example.com')

  it('accepts a different address and the current password, normalising the address', () => {
    expect(schema.parse({ newEmail: ' Ada.Moss@Example.COM ', currentPassword: 'anything' })).toEqual({ newEmail: 'ada.moss@example.com', currentPassword: 'anything' })
  })

  it('refuses the current address in any case and spacing, a malformed address and an empty password', () => {
    expect(messages(schema.safeParse({ newEmail: ' ADA@example.com', currentPassword: 'x' }))).toEqual({ newEmail: SAME_EMAIL_MESSAGE })
    expect(messages(schema.safeParse({ newEmail: 'not-an-address', currentPassword: '' }))).toEqual({
      newEmail: 'Please enter a valid email address',
      currentPassword: 'Please enter your current password',
    })
  })

  it('asks for a code of six digits', () => {
    expect(emailChangeCodeSchema.parse({ newEmail: 'new@example.com', otp: ' 123456 ' }).otp).toBe('123456')
    expect(messages(emailChangeCodeSchema.safeParse({ newEmail: 'new@example.com', otp: '12345' }))).toEqual({ otp: 'The code is 6 digits' })
  })
})

describe('changing the password', () => {
  it('accepts a new password that follows the rule, typed twice', () => {
    expect(passwordChangeSchema.safeParse({ currentPassword: 'Old!Passw0rd', newPassword: 'N3w!Password', confirmPassword: 'N3w!Password' }).success).toBe(true)
  })

  it('names every problem by field at once', () => {
    expect(messages(passwordChangeSchema.safeParse({ currentPassword: '', newPassword: 'abcdefgh', confirmPassword: 'abcdefgx' }))).toEqual({
      currentPassword: 'Please enter your current password',
      newPassword: 'Password needs: An uppercase letter, A number, A symbol',
      confirmPassword: PASSWORDS_DIFFER_MESSAGE,
    })
    expect(messages(passwordChangeSchema.safeParse({ currentPassword: 'N3w!Password', newPassword: 'N3w!Password', confirmPassword: '' }))).toEqual({
      newPassword: SAME_PASSWORD_MESSAGE,
      confirmPassword: 'Please type the new password again',
    })
  })
})

describe('the sign-in dialog’s steps, as the form posts them', () => {
  const posted = (fields: Record<string, string>) => {
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    return form
  }
  const errorsOf = (schema: Parameters<typeof parseWithZod>[1]['schema'], fields: Record<string, string>) =>
    parseWithZod(posted(fields), { schema, disableAutoCoercion: true }).reply().error

  it('asks for the typed-in password in the same words wherever one proves who it is', () => {
    expect(errorsOf(signInSchema, { email: 'a@example.com', password: '' })).toEqual({ password: ['Please enter your password'] })
    expect(errorsOf(twoFactorSetupSchema, { password: '' })).toEqual({ password: ['Please enter your password'] })
    expect(errorsOf(addPasskeySchema, { name: 'Laptop', password: '' })).toEqual({ password: ['Please enter your password'] })
    expect(errorsOf(signInSchema, { email: 'a@example.com', password: 'x'.repeat(PASSWORD_MAX_LENGTH + 1) })?.password).toHaveLength(1)
  })

  it('reads the forgotten-password step’s address and the second factor’s code', () => {
    expect(errorsOf(passwordResetRequestSchema, { email: 'not an address' })).toEqual({ email: ['Please enter a valid email address'] })
    expect(errorsOf(passwordResetRequestSchema, { email: ' A@Example.com ' })).toBeUndefined()
    expect(errorsOf(secondFactorSchema, { code: '' })?.code?.[0]).toBe('Please enter the code from your app, or a recovery code')
    expect(errorsOf(secondFactorSchema, { code: '123 456' })).toBeUndefined()
  })
})
