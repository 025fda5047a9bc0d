import { parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { formatTokenBalance } from './format-token-balance'
import { walletBadgeLabel } from './wallet-badge-label'

const tokens = (amount: string) => parseUnits(amount, 18)

describe('formatTokenBalance', () => {
  it('rounds an 18-decimal amount to the nearest whole token, halves up', () => {
    expect(formatTokenBalance(tokens('1234.6'), 18)).toBe('1235')
    expect(formatTokenBalance(tokens('1234.4'), 18)).toBe('1234')
    expect(formatTokenBalance(tokens('1234.5'), 18)).toBe('1235')
    expect(formatTokenBalance(tokens('1234.499999999999999999'), 18)).toBe('1234')
    expect(formatTokenBalance(tokens('0.5'), 18)).toBe('1')
    expect(formatTokenBalance(1n, 18)).toBe('0')
  })

  it('shows zero as 0', () => {
    expect(formatTokenBalance(0n, 18)).toBe('0')
  })

  it('keeps every digit of amounts beyond a float', () => {
    // 123456789012345678901234567890 tokens: far above Number.MAX_SAFE_INTEGER.
    expect(formatTokenBalance(tokens('123456789012345678901234567890.7'), 18)).toBe('123456789012345678901234567891')
    expect(formatTokenBalance(2n ** 256n - 1n, 18)).toBe('115792089237316195423570985008687907853269984665640564039458')
  })

  it('handles other decimals', () => {
    expect(formatTokenBalance(1_500_000n, 6)).toBe('2')
    expect(formatTokenBalance(42n, 0)).toBe('42')
    expect(() => formatTokenBalance(1n, -1)).toThrow(RangeError)
  })
})

describe('walletBadgeLabel', () => {
  it('names each state: Guest, Undetected, Disconnected, the balance or Prospector', () => {
    expect(walletBadgeLabel({ status: 'checking' }, 18)).toBe('Guest')
    expect(walletBadgeLabel({ status: 'undetected' }, 18)).toBe('Undetected')
    expect(walletBadgeLabel({ status: 'disconnected' }, 18)).toBe('Disconnected')
    expect(walletBadgeLabel({ status: 'connected', balance: 0n }, 18)).toBe('Prospector')
    expect(walletBadgeLabel({ status: 'connected', balance: tokens('1234.6') }, 18)).toBe('1235')
  })

  it('shows a non-zero balance that rounds to nothing as 0, not as Prospector', () => {
    expect(walletBadgeLabel({ status: 'connected', balance: tokens('0.2') }, 18)).toBe('0')
  })
})
