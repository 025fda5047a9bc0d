import { describe, expect, it } from 'vitest'
import { createTrustedProxies, normalizeAddress, parseAddressRange, resolveClientAddress } from './trusted-proxies'

describe('normalizeAddress', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:7f00:1', '127.0.0.1'],
    ['0:0:0:0:0:ffff:c000:0201', '192.0.2.1'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['203.0.113.7:51234', '203.0.113.7'],
    ['fe80::1%eth0', 'fe80::1'],
    [' 198.51.100.2 ', '198.51.100.2'],
  ])('%s -> %s', (value, expected) => {
    expect(normalizeAddress(value)).toBe(expected)
  })

  it.each(['', 'unknown', 'example.com', '256.1.1.1', '1.2.3', '::ffff:zzzz', '_hidden'])('%j is not an address', (value) => {
    expect(normalizeAddress(value)).toBeUndefined()
  })
})

describe('parseAddressRange', () => {
  it.each([
    ['10.0.0.2', { address: '10.0.0.2', prefix: 32, family: 'ipv4' }],
    ['10.0.0.0/8', { address: '10.0.0.0', prefix: 8, family: 'ipv4' }],
    ['0.0.0.0/0', { address: '0.0.0.0', prefix: 0, family: 'ipv4' }],
    ['::1', { address: '::1', prefix: 128, family: 'ipv6' }],
    ['fd00::/8', { address: 'fd00::', prefix: 8, family: 'ipv6' }],
    ['::ffff:10.0.0.0/104', { address: '10.0.0.0', prefix: 8, family: 'ipv4' }],
    ['::ffff:192.0.2.9', { address: '192.0.2.9', prefix: 32, family: 'ipv4' }],
  ])('%s', (entry, expected) => {
    expect(parseAddressRange(entry)).toEqual(expected)
  })

  it.each(['10.0.0.0/33', '::/129', '10.0.0.0/8/1', '10.0.0.0/x', '10.0.0/8', 'proxy.internal', '[::1]', 'fe80::1%eth0', '::ffff:10.0.0.0/90', '', '10.0.0.1/-1'])(
    'refuses %j',
    (entry) => {
      expect(parseAddressRange(entry)).toBeUndefined()
    },
  )
})

describe('createTrustedProxies', () => {
  const trusted = createTrustedProxies(['10.0.0.0/8', '192.0.2.9', 'fd00::/8', '::1'])

  it('matches addresses and ranges of both families, IPv4-mapped addresses included', () => {
    expect(trusted.has('10.200.3.4')).toBe(true)
    expect(trusted.has('::ffff:10.200.3.4')).toBe(true)
    expect(trusted.has('192.0.2.9')).toBe(true)
    expect(trusted.has('192.0.2.10')).toBe(false)
    expect(trusted.has('11.0.0.1')).toBe(false)
    expect(trusted.has('fd12:3456::1')).toBe(true)
    expect(trusted.has('fe80::1')).toBe(false)
    expect(trusted.has('0:0:0:0:0:0:0:1')).toBe(true)
    expect(trusted.has('not an address')).toBe(false)
    expect(trusted.has(undefined)).toBe(false)
  })

  it('trusts nothing when empty', () => {
    expect(createTrustedProxies([]).has('127.0.0.1')).toBe(false)
  })
})

describe('resolveClientAddress', () => {
  const trusted = createTrustedProxies(['127.0.0.1', '10.0.0.0/8'])
  const none = createTrustedProxies([])

  it('uses the peer when it is not a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(resolveClientAddress('203.0.113.7', '198.51.100.1', trusted)).toBe('203.0.113.7')
    expect(resolveClientAddress('127.0.0.1', '198.51.100.1', none)).toBe('127.0.0.1')
    expect(resolveClientAddress('::ffff:203.0.113.7', undefined, none)).toBe('203.0.113.7')
  })

  it('walks X-Forwarded-For from the right past trusted hops to the first untrusted address', () => {
    expect(resolveClientAddress('127.0.0.1', '198.51.100.1', trusted)).toBe('198.51.100.1')
    // The client sent a made-up first entry; the proxies appended the real address after it.
    expect(resolveClientAddress('127.0.0.1', '6.6.6.6, 198.51.100.1, 10.0.0.3', trusted)).toBe('198.51.100.1')
    expect(resolveClientAddress('::ffff:127.0.0.1', '[2001:db8::5]:443', trusted)).toBe('2001:db8::5')
  })

  it('takes the leftmost address when every hop is trusted, and the peer without the header', () => {
    expect(resolveClientAddress('127.0.0.1', '10.0.0.9, 10.0.0.3', trusted)).toBe('10.0.0.9')
    expect(resolveClientAddress('127.0.0.1', undefined, trusted)).toBe('127.0.0.1')
  })

  it('stops at the last believable hop when an entry is not an address', () => {
    expect(resolveClientAddress('127.0.0.1', 'evil, 10.0.0.3', trusted)).toBe('10.0.0.3')
    expect(resolveClientAddress('127.0.0.1', 'unknown', trusted)).toBe('127.0.0.1')
  })

  it('reports an unknown peer as "unknown"', () => {
    expect(resolveClientAddress(undefined, '198.51.100.1', trusted)).toBe('unknown')
  })
})
