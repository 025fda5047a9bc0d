import { describe, expect, it } from 'vitest'
import { createTrustedProxies } from '../core/trusted-proxies'
import { isDevMailboxEnabled, isLoopbackAddress, mayReadDevMailbox } from './is-dev-mailbox-enabled'

describe('isDevMailboxEnabled', () => {
  it.each([
    [undefined, true],
    ['http://localhost:3000', true],
    ['http://127.0.0.1:3000', true],
    ['http://127.4.5.6', true],
    ['http://[::1]:3000', true],
    ['https://meshwork-engineering.co.uk', false],
    ['http://10.0.0.5:3000', false],
    ['http://localhost.example.com', false],
    ['http://127.0.0.1.example.com', false],
  ])('without SMTP, PUBLIC_URL %s -> %s', (publicUrl, expected) => {
    expect(isDevMailboxEnabled({ PUBLIC_URL: publicUrl, SMTP_URL: undefined })).toBe(expected)
  })

  it('is off whenever SMTP is configured', () => {
    expect(isDevMailboxEnabled({ PUBLIC_URL: undefined, SMTP_URL: 'smtp://127.0.0.1:2525' })).toBe(false)
  })
})

describe('mayReadDevMailbox', () => {
  const env = { PUBLIC_URL: undefined, SMTP_URL: undefined }
  const none = createTrustedProxies([])

  it('lets a direct loopback peer read it', () => {
    expect(mayReadDevMailbox(env, { peerIp: '127.0.0.1', forwarded: false }, none)).toBe(true)
    expect(mayReadDevMailbox(env, { peerIp: '::1', forwarded: false }, none)).toBe(true)
    expect(mayReadDevMailbox(env, { peerIp: '::ffff:127.0.0.1', forwarded: false }, none)).toBe(true)
  })

  it('refuses another machine, a request through a proxy, and a loopback peer that is a trusted proxy', () => {
    expect(mayReadDevMailbox(env, { peerIp: '192.168.1.20', forwarded: false }, none)).toBe(false)
    expect(mayReadDevMailbox(env, { peerIp: undefined, forwarded: false }, none)).toBe(false)
    expect(mayReadDevMailbox(env, { peerIp: '127.0.0.1', forwarded: true }, none)).toBe(false)
    expect(mayReadDevMailbox(env, { peerIp: '127.0.0.1', forwarded: false }, createTrustedProxies(['127.0.0.1']))).toBe(false)
  })

  it('refuses everyone when the mailbox does not exist', () => {
    expect(mayReadDevMailbox({ PUBLIC_URL: 'https://meshwork-engineering.co.uk', SMTP_URL: undefined }, { peerIp: '127.0.0.1', forwarded: false }, none)).toBe(false)
  })
})

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['192.0.2.2', false],
    ['::', false],
    ['0.0.0.0', false],
    ['localhost', false],
  ])('%s -> %s', (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected)
  })
})
