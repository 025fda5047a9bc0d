/** The header's wallet balance badge. Reads "Guest" until the browser has checked for wallets. */
export function WalletBadge() {
  return (
    <span className="wallet-badge" aria-label="Wallet balance" data-testid="wallet-badge">
      Guest
    </span>
  )
}
