import { formatTokenBalance } from './format-token-balance'

/** What the browser knows about the wallet, in the order it learns it. */
export type WalletBadgeState =
  | { status: 'checking' }
  | { status: 'undetected' }
  | { status: 'disconnected' }
  | { status: 'connected'; balance: bigint | 'loading' | 'unavailable' }

/** The badge text: Guest, Undetected, Disconnected, the rounded balance or Prospector. */
export function walletBadgeLabel(state: WalletBadgeState, decimals: number): string {
  switch (state.status) {
    case 'checking':
      return 'Guest'
    case 'undetected':
      return 'Undetected'
    case 'disconnected':
      return 'Disconnected'
    case 'connected':
      if (state.balance === 'loading') return '…'
      if (state.balance === 'unavailable') return 'Unavailable'
      return state.balance === 0n ? 'Prospector' : formatTokenBalance(state.balance, decimals)
  }
}
