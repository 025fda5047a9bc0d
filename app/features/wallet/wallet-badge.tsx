import { useEffect, useState, type ComponentType } from 'react'
import { walletMessages } from '../../../lib/wallet/wallet-messages'
import { walletBadgeClassName } from './wallet-badge-style'
import type { WalletWidgetProps } from './wallet-widget'

type Widget = ComponentType<WalletWidgetProps>

const loadWidget = () => import('./wallet-widget').then((m) => m.default)

/** How long wallets have to answer the discovery request before the badge reads "Undetected". */
const DISCOVERY_WINDOW_MS = 300

/**
 * The header's wallet balance badge. It reads "Guest" until the browser has checked for wallets.
 *
 * This file stays tiny on purpose: the wallet's libraries (wagmi, viem) and dialogs are in the widget,
 * imported only when a wallet announces itself (EIP-6963: the page dispatches
 * `eip6963:requestProvider` and each installed wallet answers with `eip6963:announceProvider`) or when
 * the visitor clicks the badge. A visitor without a wallet loads none of them, and the badge reads
 * "Undetected" once the discovery window has passed.
 */
export function WalletBadge() {
  const [Widget, setWidget] = useState<Widget | null>(null)
  const [openRequested, setOpenRequested] = useState(false)
  const [undetected, setUndetected] = useState(false)

  useEffect(() => {
    let cancelled = false
    const load = () => {
      window.removeEventListener('eip6963:announceProvider', load)
      loadWidget().then(
        (w) => !cancelled && setWidget(() => w),
        (error: unknown) => console.info('The wallet could not be loaded:', (error as Error)?.message ?? error),
      )
    }
    // A wallet that answers late (after "Undetected") still brings the widget in.
    window.addEventListener('eip6963:announceProvider', load)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    const timer = window.setTimeout(() => {
      if (cancelled) return
      setUndetected(true)
      console.log(walletMessages.noWalletLog)
    }, DISCOVERY_WINDOW_MS)
    return () => {
      cancelled = true
      window.removeEventListener('eip6963:announceProvider', load)
      window.clearTimeout(timer)
    }
  }, [])

  if (Widget) return <Widget openRequested={openRequested} noWalletYet={undetected} />
  const label = undetected ? 'Undetected' : 'Guest'
  return (
    <button
      type="button"
      className={walletBadgeClassName}
      aria-label={`Wallet: ${label}`}
      aria-busy={!undetected || undefined}
      data-testid="wallet-badge"
      data-state={undetected ? 'undetected' : 'checking'}
      onClick={() => {
        // The visitor asks for the wallet: load it now and act on the click once it is known.
        setOpenRequested(true)
        loadWidget().then(
          (w) => setWidget(() => w),
          (error: unknown) => console.info('The wallet could not be loaded:', (error as Error)?.message ?? error),
        )
      }}
    >
      {label}
    </button>
  )
}
