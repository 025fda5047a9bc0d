import { useEffect, useState, type ComponentType } from 'react'
import { walletBadgeClassName } from './wallet-badge-style'
import type { WalletWidgetProps } from './wallet-widget'


type Widget = ComponentType<WalletWidgetProps>

const loadWidget = () => import('./wallet-widget').then((m) => m.default)

/**
 * The header's wallet balance badge. It reads "Guest" until the browser has checked for wallets.
 *
 * This file stays tiny on purpose: wagmi, viem and the dialogs are in the widget, imported only
 * once the page is idle (or at the first click), so they add nothing to the first load of a page.
 */
export function WalletBadge() {
  const [Widget, setWidget] = useState<Widget | null>(null)
  const [openRequested, setOpenRequested] = useState(false)

  useEffect(() => {
    let cancelled = false
    const load = () => {
      loadWidget().then(
        (w) => !cancelled && setWidget(() => w),
        (error: unknown) => console.info('The wallet could not be loaded:', (error as Error)?.message ?? error),
      )
    }
    // After the page is interactive: when the browser is idle (Safari lacks requestIdleCallback).
    const idle = window.requestIdleCallback?.(load, { timeout: 3000 })
    const timer = idle === undefined ? window.setTimeout(load, 1500) : undefined
    return () => {
      cancelled = true
      if (idle !== undefined) window.cancelIdleCallback(idle)
      if (timer !== undefined) window.clearTimeout(timer)
    }
  }, [])

  if (Widget) return <Widget openRequested={openRequested} />
  return (
    <button
      type="button"
      className={walletBadgeClassName}
      aria-label="Wallet: Guest"
      data-testid="wallet-badge"
      data-state="checking"
      onClick={() => {
        // A click before the idle callback: load now and act on the click once the wallet is known.
        setOpenRequested(true)
        loadWidget().then(
          (w) => setWidget(() => w),
          (error: unknown) => console.info('The wallet could not be loaded:', (error as Error)?.message ?? error),
        )
      }}
    >
      Guest
    </button>
  )
}
