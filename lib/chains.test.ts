import { describe, expect, it } from 'vitest'
import { chains, contractNames, findChain, isSupportedChainId, token, transportSettings, withNodeOverrides } from './chains'

const address = /^0x[0-9a-fA-F]{40}$/

describe('chain configurations', () => {
  it('covers the four chains (1, 56, 97, 8453), with every field', () => {
    expect(chains.map((c) => [c.id, c.name])).toEqual([
      [1, 'Ethereum Mainnet'],
      [56, 'Binance Mainnet'],
      [97, 'Binance Testnet'],
      [8453, 'Base Mainnet'],
    ])
    for (const c of chains) {
      expect(c.nativeCurrency.decimals).toBe(18)
      expect(c.nativeCurrency.address).toMatch(address)
      expect(c.nodeUrl).toMatch(/^https:\/\//)
      expect(c.explorerUrl).toMatch(/^https:\/\//)
      expect(c.verifyUrl).toMatch(/^https:\/\//)
      expect(c.explorerApiKey).toBe('')
    }
  })

  it('lists the seven contracts on every chain but Ethereum Mainnet', () => {
    expect(findChain(1)!.contracts).toBeNull()
    for (const id of [56, 97, 8453]) {
      expect(Object.keys(findChain(id)!.contracts!).sort()).toEqual([...contractNames].sort())
      for (const value of Object.values(findChain(id)!.contracts!)) if (value !== null) expect(value).toMatch(address)
    }
  })

  it('reads the token on chain 56 with 18 decimals, from a real address by default', () => {
    expect(token.chainId).toBe(56)
    expect(token.decimals).toBe(18)
    expect(token.defaultAddress).toMatch(address)
  })

  it('lets RPC_URL_<chainId> replace a node and leaves the others alone', () => {
    const overridden = withNodeOverrides({ 56: 'http://127.0.0.1:8545' })
    expect(overridden.find((c) => c.id === 56)!.nodeUrl).toBe('http://127.0.0.1:8545')
    expect(overridden.find((c) => c.id === 1)!.nodeUrl).toBe(findChain(1)!.nodeUrl)
    expect(findChain(56)!.nodeUrl).not.toBe('http://127.0.0.1:8545')
  })

  it('knows which chain ids are supported', () => {
    expect([1, 56, 97, 8453].every(isSupportedChainId)).toBe(true)
    expect(isSupportedChainId(137)).toBe(false)
  })

  it('polls every 4000 ms, caches for 250 ms and batches up to 100 requests or 1 MiB after 10 ms', () => {
    expect(transportSettings).toEqual({ pollingIntervalMs: 4000, cacheTimeMs: 250, batchWaitMs: 10, batchMaxRequests: 100, batchMaxBytes: 1024 * 1024 })
  })
})
