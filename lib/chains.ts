/**
 * The chains the wallet feature knows, and the badge's token.
 *
 * Isomorphic and public: nothing here is a secret. The server applies RPC_URL_<chainId> and
 * TOKEN_ADDRESS over these defaults and hands the result to the browser (GET /api/wallet/config),
 * so a deployment changes nodes or token without a rebuild.
 */
export type Address = `0x${string}`

export type ContractName = 'factory' | 'core' | 'sentiment' | 'petition' | 'voting' | 'polling' | 'funding'

export const contractNames: readonly ContractName[] = ['factory', 'core', 'sentiment', 'petition', 'voting', 'polling', 'funding']

/** An address per product contract; null where the contract has no published address on that chain. */
export type ChainContracts = Record<ContractName, Address | null>

export interface NativeCurrency {
  name: string
  symbol: string
  decimals: number
  /** The wrapped native token, the address contracts use for the native currency. */
  address: Address
}

export interface ChainConfig {
  id: number
  name: string
  nativeCurrency: NativeCurrency
  /** JSON-RPC node (overridable by RPC_URL_<id>). */
  nodeUrl: string
  explorerUrl: string
  /** Block-explorer API key: empty, the public (rate-limited) tier is enough for verification links. */
  explorerApiKey: string
  /** Contract verification endpoint of the explorer API. */
  verifyUrl: string
  /** The product's contracts; null on chains where none is deployed (Ethereum Mainnet). */
  contracts: ChainContracts | null
}

const chainIds = { ethereum: 1, bsc: 56, bscTestnet: 97, base: 8453 } as const
export type SupportedChainId = (typeof chainIds)[keyof typeof chainIds]

/** Multicall3 lives at the same address on every EVM chain; wagmi batches reads through it. */
export const multicall3Address: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

/** No address is published for the product contracts yet. */
const unpublishedContracts: ChainContracts = {
  factory: null,
  core: null,
  sentiment: null,
  petition: null,
  voting: null,
  polling: null,
  funding: null,
}

export const chains: readonly ChainConfig[] = [
  {
    id: chainIds.ethereum,
    name: 'Ethereum Mainnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2' },
    nodeUrl: 'https://ethereum-rpc.publicnode.com',
    explorerUrl: 'https://etherscan.io',
    explorerApiKey: '',
    verifyUrl: 'https://api.etherscan.io/v2/api?chainid=1',
    contracts: null,
  },
  {
    id: chainIds.bsc,
    name: 'Binance Mainnet',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18, address: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c' },
    nodeUrl: 'https://bsc-dataseed.bnbchain.org',
    explorerUrl: 'https://bscscan.com',
    explorerApiKey: '',
    verifyUrl: 'https://api.etherscan.io/v2/api?chainid=56',
    contracts: unpublishedContracts,
  },
  {
    id: chainIds.bscTestnet,
    name: 'Binance Testnet',
    nativeCurrency: { name: 'Test BNB', symbol: 'tBNB', decimals: 18, address: '0xae13d989daC2f0dEbFf460aC112a837C89BAa7cd' },
    nodeUrl: 'https://data-seed-prebsc-1-s1.bnbchain.org:8545',
    explorerUrl: 'https://testnet.bscscan.com',
    explorerApiKey: '',
    verifyUrl: 'https://api.etherscan.io/v2/api?chainid=97',
    contracts: unpublishedContracts,
  },
  {
    id: chainIds.base,
    name: 'Base Mainnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, address: '0x4200000000000000000000000000000000000006' },
    nodeUrl: 'https://mainnet.base.org',
    explorerUrl: 'https://basescan.org',
    explorerApiKey: '',
    verifyUrl: 'https://api.etherscan.io/v2/api?chainid=8453',
    contracts: unpublishedContracts,
  },
]

export function findChain(id: number): ChainConfig | undefined {
  return chains.find((c) => c.id === id)
}

export function isSupportedChainId(id: number): id is SupportedChainId {
  return chains.some((c) => c.id === id)
}

/** The badge's token: balanceOf on chain 56, 18 decimals. */
export const token = {
  chainId: chainIds.bsc,
  decimals: 18,
  /**
   * Used when TOKEN_ADDRESS is unset: Wrapped BNB, a long-lived 18-decimal token on chain 56, so a
   * fresh install reads a real balance. Deployments set TOKEN_ADDRESS to the product token.
   */
  defaultAddress: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c' as Address,
} as const

/** Polling, cache and JSON-RPC batching of the wallet's node clients. */
export const transportSettings = {
  pollingIntervalMs: 4000,
  cacheTimeMs: 250,
  batchWaitMs: 10,
  batchMaxRequests: 100,
  batchMaxBytes: 1024 * 1024,
} as const

/** The chain list with RPC_URL_<chainId> overrides applied. */
export function withNodeOverrides(overrides: Record<number, string>): ChainConfig[] {
  return chains.map((c) => (overrides[c.id] ? { ...c, nodeUrl: overrides[c.id] } : c))
}
