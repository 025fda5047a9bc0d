/** The wallet badge the header shows; the widget behind it loads when it is opened. */
export { WalletBadge } from './wallet-badge'
