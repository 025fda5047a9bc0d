import { describe, expect, it } from 'vitest'
import { describeUnmetPasswordRules, signUpSchema, unmetPasswordRules } from './auth-schema'

describe('password rule (SPEC.md section 5)', () => {
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
