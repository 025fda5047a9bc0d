import { describe, expect, it } from 'vitest'
import { describePlace, UNKNOWN_PLACE } from './describe-place'

describe('describePlace', () => {
  it('names the country of a public IPv4 address from the bundled table', () => {
    expect(describePlace('8.8.8.8')).toBe('United States')
    expect(describePlace('::ffff:8.8.8.8')).toBe('United States')
  })

  it('names the network of loopback, private and link-local addresses', () => {
    expect(describePlace('127.0.0.1')).toBe('This computer')
    expect(describePlace('::1')).toBe('This computer')
    expect(describePlace('10.1.2.3')).toBe('Private network 10.0.0.0/8')
    expect(describePlace('172.20.0.9')).toBe('Private network 172.16.0.0/12')
    expect(describePlace('192.168.1.20')).toBe('Private network 192.168.0.0/16')
    expect(describePlace('fd12::1')).toBe('Private network fc00::/7')
  })

  it('says "Unknown" for what it cannot place', () => {
    expect(describePlace(null)).toBe(UNKNOWN_PLACE)
    expect(describePlace('unknown')).toBe(UNKNOWN_PLACE)
    expect(describePlace('2001:4860:4860::8888')).toBe(UNKNOWN_PLACE)
  })
})
