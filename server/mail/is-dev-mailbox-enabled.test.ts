import { describe, expect, it } from 'vitest'
import { isDevMailboxEnabled } from './is-dev-mailbox-enabled'

describe('isDevMailboxEnabled', () => {
  it.each([
    ['http://localhost:3000', true],
    ['http://127.0.0.1:3000', true],
    ['http://127.4.5.6', true],
    ['http://[::1]:3000', true],
    ['https://meshwork-engineering.co.uk', false],
    ['http://10.0.0.5:3000', false],
    ['http://localhost.example.com', false],
    ['http://127.0.0.1.example.com', false],
  ])('without SMTP, PUBLIC_URL %s -> %s', (publicUrl, expected) => {
    expect(isDevMailboxEnabled({ publicUrl, SMTP_URL: undefined })).toBe(expected)
  })

  it('also needs the request to be addressed to a loopback name when one is given', () => {
    const env = { publicUrl: 'http://localhost:3000', SMTP_URL: undefined }
    expect(isDevMailboxEnabled(env, 'http://127.0.0.1:3000/dev/mailbox')).toBe(true)
    expect(isDevMailboxEnabled(env, 'http://localhost:3000/dev/mailbox')).toBe(true)
    expect(isDevMailboxEnabled(env, 'http://192.168.1.20:3000/dev/mailbox')).toBe(false)
    expect(isDevMailboxEnabled(env, 'https://meshwork-engineering.co.uk/dev/mailbox')).toBe(false)
  })

  it('is off whenever SMTP is configured', () => {
    expect(isDevMailboxEnabled({ publicUrl: 'http://localhost:3000', SMTP_URL: 'smtp://127.0.0.1:2525' })).toBe(false)
  })
})
