import { describe, expect, it } from 'vitest'
import { factorKeys, hashRecoveryCode, newRecoveryCode, normaliseRecoveryCode, openSecret, sealSecret } from './factor-keys'

const keys = factorKeys('a'.repeat(48))

describe('sealSecret / openSecret', () => {
  it('opens what it sealed, for the same user and key only', () => {
    const sealed = sealSecret(keys, 'user-1', 'JBSWY3DPEHPK3PXP')
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP')
    expect(openSecret(keys, 'user-1', sealed)).toBe('JBSWY3DPEHPK3PXP')
    expect(openSecret(keys, 'user-2', sealed)).toBeNull()
    expect(openSecret(factorKeys('b'.repeat(48)), 'user-1', sealed)).toBeNull()
    expect(openSecret(keys, 'user-1', 'v1.x.y.z')).toBeNull()
  })
})

describe('recovery codes', () => {
  it('are three groups of four, read back in any case and with or without dashes', () => {
    const code = newRecoveryCode()
    expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/)
    expect(normaliseRecoveryCode(code.toUpperCase())).toBe(code.replaceAll('-', ''))
    expect(normaliseRecoveryCode(` ${code.replaceAll('-', ' ')} `)).toBe(code.replaceAll('-', ''))
    expect(normaliseRecoveryCode('123456')).toBeNull()
  })

  it('are stored as a keyed hash', () => {
    const code = normaliseRecoveryCode(newRecoveryCode())!
    expect(hashRecoveryCode(keys, code)).toBe(hashRecoveryCode(keys, code))
    expect(hashRecoveryCode(keys, code)).not.toContain(code)
    expect(hashRecoveryCode(factorKeys('b'.repeat(48)), code)).not.toBe(hashRecoveryCode(keys, code))
  })
})
