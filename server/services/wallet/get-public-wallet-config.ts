import { token, withNodeOverrides, type Address } from '../../../lib/chains'
import type { PublicWalletConfig } from '../../../lib/wallet/wallet-api-schemas'

export interface GetPublicWalletConfigOptions {
  /** TOKEN_ADDRESS, when set. */
  tokenAddress?: string
  /** RPC_URL_<chainId> overrides. */
  rpcUrls: Record<number, string>
}

/**
 * The chain and token settings the browser needs for the badge. Only public values: chain ids, node
 * and explorer URLs and the token address (explorer keys and contract lists stay out of it).
 */
export function getPublicWalletConfig({ tokenAddress, rpcUrls }: GetPublicWalletConfigOptions): PublicWalletConfig {
  return {
    token: { chainId: token.chainId, address: (tokenAddress ?? token.defaultAddress) as Address, decimals: token.decimals },
    chains: withNodeOverrides(rpcUrls).map((c) => ({
      id: c.id,
      name: c.name,
      nativeCurrency: c.nativeCurrency,
      nodeUrl: c.nodeUrl,
      explorerUrl: c.explorerUrl,
    })),
  }
}
