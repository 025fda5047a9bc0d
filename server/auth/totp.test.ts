import { describe, expect, it } from 'vitest'
import { decodeBase32, encodeBase32, hotp, matchTotp, newTotpSecret, otpauthUri, totpCode } from './totp'

// RFC 6238, appendix B: the SHA-1 secret "12345678901234567890" and its 8-digit codes; the 6-digit code is their last six digits.
const rfcSecret = encodeBase32(Buffer.from('12345678901234567890'))
const rfcVectors: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
]

describe('totpCode', () => {
  it.each(rfcVectors)('at %i s gives the last six digits of the RFC 6238 code %s', (seconds, code) => {
    expect(totpCode(rfcSecret, seconds * 1000)).toBe(code.slice(-6))
  })

  it('matches RFC 4226 HOTP test values', () => {
    const key = Buffer.from('12345678901234567890')
    expect([0, 1, 2, 9].map((c) => hotp(key, c))).toEqual(['755224', '287082', '359152', '520489'])
  })
})

describe('base32', () => {
  it('round-trips random secrets and reads them in any case, with spaces', () => {
    const secret = newTotpSecret()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(encodeBase32(decodeBase32(secret)!)).toBe(secret)
    expect(decodeBase32(secret.toLowerCase().replace(/(.{4})/g, '$1 '))!.equals(decodeBase32(secret)!)).toBe(true)
    expect(decodeBase32('not base32!')).toBeNull()
  })
})

describe('matchTotp', () => {
  const secret = newTotpSecret()
  const now = 1_800_000_000_000

  it('accepts the code of this step and of one step either side, and nothing further', () => {
    for (const offset of [-1, 0, 1]) expect(matchTotp(secret, totpCode(secret, now + offset * 30_000), { timeMs: now })).not.toBeNull()
    for (const offset of [-2, 2]) expect(matchTotp(secret, totpCode(secret, now + offset * 30_000), { timeMs: now })).toBeNull()
  })

  it('refuses a code of a step already used, or older than it', () => {
    const step = matchTotp(secret, totpCode(secret, now), { timeMs: now })!
    expect(matchTotp(secret, totpCode(secret, now), { timeMs: now, usedUpTo: step })).toBeNull()
    expect(matchTotp(secret, totpCode(secret, now - 30_000), { timeMs: now, usedUpTo: step })).toBeNull()
    expect(matchTotp(secret, totpCode(secret, now + 30_000), { timeMs: now, usedUpTo: step })).toBe(step + 1)
  })

  it('refuses anything but six digits', () => {
    expect(matchTotp(secret, '12345', { timeMs: now })).toBeNull()
    expect(matchTotp(secret, 'abcdef', { timeMs: now })).toBeNull()
  })
})

describe('otpauthUri', () => {
  it('names the issuer and account the way authenticator apps read them', () => {
    expect(otpauthUri({ secret: 'JBSWY3DPEHPK3PXP', issuer: 'Meshwork Engineering', account: 'ada@example.com' })).toBe(
      'otpauth://totp/Meshwork%20Engineering:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Meshwork+Engineering&algorithm=SHA1&digits=6&period=30',
    )
  })
})
