import { createConfig, http, webSocket, type Config, type Connector } from 'wagmi'
import { readContract, watchBlockNumber, watchConnectors } from 'wagmi/actions'
import { defineChain, erc20Abi, type Address, type EIP1193Provider, type Transport } from 'viem'
import { getJson } from '../../../lib/api-client'
import { chains, multicall3Address, transportSettings } from '../../../lib/chains'
import { publicWalletConfigSchema, type PublicWalletConfig } from '../../../lib/wallet/wallet-api-schemas'

/**
 * The wallet's heavy half: wagmi and viem. Only the lazily loaded widget imports this module, so
 * neither library reaches the first load of a page (docs/decisions/008).
 *
 * wagmi does the EIP-6963 discovery (every announced wallet becomes a connector) and the token read
 * (its chain-56 client batches calls through Multicall3). Accounts and chain are asked of the chosen
 * wallet's EIP-1193 provider directly (eth_accounts, eth_requestAccounts, eth_chainId and the events).
 */

export interface DiscoveredWallet {
  /** The wallet's EIP-6963 reverse-DNS id. */
  id: string
  name: string
  icon?: string
  provider: EIP1193Provider
}

export interface WalletRuntime {
  /** Wallets announced so far. */
  wallets(): DiscoveredWallet[]
  /** Called with the full list whenever another wallet announces itself. */
  onWalletsChange(listener: (wallets: DiscoveredWallet[]) => void): () => void
  /** The token balance of `account` in smallest units, read on the token's own chain. */
  readTokenBalance(account: Address): Promise<bigint>
  /** Calls `listener` for each new block of the token's chain (polled every 4000 ms). */
  watchTokenChain(listener: () => void): () => void
  tokenDecimals(): Promise<number>
  destroy(): void
}

/** The deployment's public chain and token settings, fetched once when first needed (retried like any read). */
async function fetchWalletConfig(): Promise<PublicWalletConfig> {
  return publicWalletConfigSchema.parse(await getJson('/api/wallet/config'))
}

export function createWalletRuntime(): WalletRuntime {
  let configPromise: Promise<PublicWalletConfig> | undefined
  const loadConfig = () =>
    (configPromise ??= fetchWalletConfig().catch((error) => {
      configPromise = undefined
      throw error
    }))
  // Node URLs come from the server (RPC_URL_<chainId>); a chain's client, and so its transport, is only
  // created by wagmi on the first read of that chain, which happens after loadConfig() resolved.
  const nodeUrls = new Map<number, string>()

  const viemChains = chains.map((c) =>
    defineChain({
      id: c.id,
      name: c.name,
      nativeCurrency: { name: c.nativeCurrency.name, symbol: c.nativeCurrency.symbol, decimals: c.nativeCurrency.decimals },
      rpcUrls: { default: { http: [c.nodeUrl] } },
      blockExplorers: { default: { name: c.name, url: c.explorerUrl } },
      contracts: { multicall3: { address: multicall3Address } },
    }),
  )
  const transports = Object.fromEntries(
    chains.map((c): [number, Transport] => [
      c.id,
      (params) => {
        const url = nodeUrls.get(c.id) ?? c.nodeUrl
        // RPC_URL_<id> may name a WebSocket node; JSON-RPC batching applies to HTTP nodes.
        if (/^wss?:/.test(url)) return webSocket(url)(params)
        return http(url, { batch: { batchSize: transportSettings.batchMaxRequests, wait: transportSettings.batchWaitMs } })(params)
      },
    ]),
  )

  const config: Config = createConfig({
    chains: viemChains as unknown as Config['chains'],
    transports,
    connectors: [],
    multiInjectedProviderDiscovery: true,
    // Nothing of wagmi's own connection state is kept: the badge's state is Connected_address.
    storage: null,
    pollingInterval: transportSettings.pollingIntervalMs,
    cacheTime: transportSettings.cacheTimeMs,
    // Reads are aggregated into Multicall3 calls of at most 1 MiB of call data after the same 10 ms wait.
    batch: { multicall: { batchSize: transportSettings.batchMaxBytes, wait: transportSettings.batchWaitMs } },
  })

  const providers = new Map<string, EIP1193Provider>()
  async function toWallets(connectors: readonly Connector[]): Promise<DiscoveredWallet[]> {
    const found: DiscoveredWallet[] = []
    for (const connector of connectors) {
      // wagmi names the connector of an EIP-6963 announcement after the wallet's rdns.
      if (connector.type !== 'injected' || connector.id === 'injected') continue
      let provider = providers.get(connector.id)
      if (!provider) {
        provider = (await connector.getProvider()) as EIP1193Provider | undefined
        if (!provider) continue
        providers.set(connector.id, provider)
      }
      found.push({ id: connector.id, name: connector.name, icon: connector.icon, provider })
    }
    return found
  }

  let current: DiscoveredWallet[] = []
  const listeners = new Set<(wallets: DiscoveredWallet[]) => void>()
  let refresh = Promise.resolve()
  const update = (connectors: readonly Connector[]) => {
    refresh = refresh.then(async () => {
      current = await toWallets(connectors)
      for (const l of listeners) l(current)
    })
  }
  update(config.connectors)
  const unwatchConnectors = watchConnectors(config, { onChange: update })

  async function tokenSettings() {
    const walletConfig = await loadConfig()
    for (const c of walletConfig.chains) nodeUrls.set(c.id, c.nodeUrl)
    return walletConfig.token
  }

  return {
    wallets: () => current,
    onWalletsChange(listener) {
      listeners.add(listener)
      void refresh.then(() => listener(current))
      return () => listeners.delete(listener)
    },
    async readTokenBalance(account) {
      const t = await tokenSettings()
      // The chain is named explicitly: the wallet's current chain never decides which number is shown.
      return readContract(config, { chainId: t.chainId, address: t.address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [account] })
    },
    watchTokenChain(listener) {
      let stopped = false
      let unwatch: (() => void) | undefined
      void tokenSettings().then(
        (t) => {
          if (stopped) return
          unwatch = watchBlockNumber(config, { chainId: t.chainId, emitOnBegin: false, onBlockNumber: () => listener(), onError: () => {} })
        },
        () => {},
      )
      return () => {
        stopped = true
        unwatch?.()
      }
    },
    async tokenDecimals() {
      return (await tokenSettings()).decimals
    },
    destroy() {
      unwatchConnectors()
      listeners.clear()
      config._internal.mipd?.clear()
    },
  }
}
