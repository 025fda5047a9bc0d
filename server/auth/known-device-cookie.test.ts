import { describe, expect, it } from 'vitest'
import { isKnownDevice, knownDeviceKey, knownDeviceSetCookie } from './known-device-cookie'

const key = knownDeviceKey('a-secret-of-at-least-thirty-two-characters')
/** The Cookie header a browser sends back for a Set-Cookie value. */
const sentBack = (setCookie: string) => setCookie.split(';')[0]!

describe('known-device cookie', () => {
  it('recognises the account it was set for, and no other', () => {
    const cookie = sentBack(knownDeviceSetCookie(null, 'user-a', key, false))
    expect(isKnownDevice(`other=1; ${cookie}`, 'user-a', key)).toBe(true)
    expect(isKnownDevice(cookie, 'user-b', key)).toBe(false)
    expect(isKnownDevice(null, 'user-a', key)).toBe(false)
  })

  it('refuses an entry signed with another key or edited', () => {
    const cookie = sentBack(knownDeviceSetCookie(null, 'user-a', key, false))
    expect(isKnownDevice(cookie, 'user-a', knownDeviceKey('another-secret-of-at-least-thirty-two-chars'))).toBe(false)
    expect(isKnownDevice(cookie.replace('user-a', 'user-b'), 'user-b', key)).toBe(false)
  })

  it('keeps the accounts signed in before (five at most, newest first)', () => {
    let header: string | null = null
    for (const user of ['u1', 'u2', 'u3', 'u4', 'u5', 'u6']) header = sentBack(knownDeviceSetCookie(header, user, key, false))
    expect(['u2', 'u3', 'u4', 'u5', 'u6'].every((u) => isKnownDevice(header, u, key))).toBe(true)
    expect(isKnownDevice(header, 'u1', key)).toBe(false)
  })

  it('is httpOnly, sent only to /api/auth, and Secure with the __Secure- prefix on https', () => {
    const plain = knownDeviceSetCookie(null, 'user-a', key, false)
    expect(plain).toMatch(/^mwk\.known_device=/)
    expect(plain).toContain('; Path=/api/auth; Max-Age=31536000; HttpOnly; SameSite=Lax')
    const secure = knownDeviceSetCookie(null, 'user-a', key, true)
    expect(secure).toMatch(/^__Secure-mwk\.known_device=.*; Secure$/)
    expect(isKnownDevice(sentBack(secure), 'user-a', key)).toBe(true)
  })
})
