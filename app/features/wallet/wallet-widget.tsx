import * as AlertDialog from '@radix-ui/react-alert-dialog'
import * as Dialog from '@radix-ui/react-dialog'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Address } from 'viem'
import { isMobileUserAgent } from '../../../lib/wallet/is-mobile-user-agent'
import { walletBadgeLabel } from '../../../lib/wallet/wallet-badge-label'
import { walletMessages } from '../../../lib/wallet/wallet-messages'
import { useSession } from '../../components/layout/use-session'
import { walletBadgeClassName } from './wallet-badge-style'
import { createWalletController, type WalletController, type WalletViewState } from './wallet-controller'
import { createWalletRuntime } from './wallet-runtime'
import { readProfileEthereumAddress, saveProfileEthereumAddress } from './save-profile-ethereum-address'

export interface WalletWidgetProps {
  /** The visitor clicked the badge before the widget had loaded. */
  openRequested: boolean
  /** The badge already found no wallet: show "Undetected" while the widget checks again, not "Guest". */
  noWalletYet?: boolean
}

const buttonClass = 'rounded-md px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-2'
const primaryButton = `${buttonClass} bg-highlight text-background hover:opacity-90`
const secondaryButton = `${buttonClass} border border-border text-text hover:bg-shade`

function shortAddress(address: string) {
  return `${address.slice(0, 6)}…${address.slice(-4)}`
}

type ProfileSave = { address: Address; status: 'offered' | 'saving' | 'saved' | 'failed' }

/** The wallet badge once the wallet code has loaded: state, consent, account panel and messages. */
export default function WalletWidget({ openRequested, noWalletYet = false }: WalletWidgetProps) {
  const [controller, setController] = useState<WalletController | null>(null)
  const [view, setView] = useState<WalletViewState | null>(null)
  const [consentOpen, setConsentOpen] = useState(false)
  const [accountOpen, setAccountOpen] = useState(false)
  const [chosenWallet, setChosenWallet] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const [profileSave, setProfileSave] = useState<ProfileSave | null>(null)
  const session = useSession()
  const signedIn = session.status === 'signed-in'
  const pendingOpen = useRef(openRequested)
  const badgeRef = useRef<HTMLButtonElement>(null)
  // The dialogs open from state rather than a Radix trigger, so focus is handed back to the badge here.
  const returnFocus = (event: Event) => {
    event.preventDefault()
    badgeRef.current?.focus()
  }

  useEffect(() => {
    const c = createWalletController({ runtime: createWalletRuntime(), isMobile: isMobileUserAgent(navigator.userAgent), onChange: setView })
    setController(c)
    setView(c.getState())
    void c.start()
    return () => c.destroy()
  }, [])

  const activate = useCallback(() => {
    if (!controller) return
    const s = controller.getState()
    switch (s.badge.status) {
      case 'checking':
        pendingOpen.current = true
        return
      case 'connected':
        setAccountOpen(true)
        return
      case 'undetected':
        // On a phone the consent leads to MetaMask Mobile; on a desktop there is nothing to consent to.
        if (s.isMobile) setConsentOpen(true)
        else void controller.connect()
        return
      case 'disconnected':
        setChosenWallet(s.walletId)
        setConsentOpen(true)
        return
    }
  }, [controller])

  useEffect(() => {
    if (pendingOpen.current && view && view.badge.status !== 'checking') {
      pendingOpen.current = false
      activate()
    }
  }, [view, activate])

  async function onConsent() {
    if (!controller) return
    setConsentOpen(false)
    setBusy(true)
    try {
      await controller.connect({
        walletId: chosenWallet,
        // The follow-up step: a signed-in client may keep this address as the profile's Ethereum address.
        followUp: async (address) => {
          if (!signedIn) return
          // No offer when the profile already holds this address.
          const saved = await readProfileEthereumAddress()
          if (saved?.toLowerCase() === address.toLowerCase()) return
          setProfileSave({ address, status: 'offered' })
          setAccountOpen(true)
        },
      })
    } finally {
      setBusy(false)
    }
  }

  async function onSaveToProfile() {
    if (!profileSave) return
    setProfileSave({ ...profileSave, status: 'saving' })
    const ok = await saveProfileEthereumAddress(profileSave.address)
    setProfileSave({ ...profileSave, status: ok ? 'saved' : 'failed' })
  }

  async function onDisconnect() {
    if (!controller) return
    setAccountOpen(false)
    setProfileSave(null)
    await controller.disconnect()
  }

  const state = view ?? { badge: { status: noWalletYet ? ('undetected' as const) : ('checking' as const) }, wallets: [], decimals: 18, isMobile: false }
  const label = walletBadgeLabel(state.badge, state.decimals)
  const walletName = state.wallets.find((w) => w.id === state.walletId)?.name
  const chainName = controller?.chainName(state.chainId)
  const notice = state.notice

  return (
    <div className="relative">
      <button
        ref={badgeRef}
        type="button"
        className={walletBadgeClassName}
        aria-label={`Wallet: ${label}`}
        aria-busy={busy || state.badge.status === 'checking' || undefined}
        data-testid="wallet-badge"
        data-state={state.badge.status}
        onClick={activate}
      >
        {label}
      </button>

      {notice && (
        <div
          role={notice.kind === 'error' ? 'alert' : 'status'}
          data-testid="wallet-notice"
          className="absolute top-full right-0 z-40 mt-2 w-[min(20rem,90vw)] rounded-lg border border-border bg-foreground p-3 text-sm text-text shadow-xl shadow-black/40"
        >
          <p className={notice.kind === 'error' ? 'font-semibold text-orange' : 'font-semibold'}>{notice.text}</p>
          {notice.detail && <p className="mt-1 text-light">{notice.detail}</p>}
          {notice.link && (
            <a className="mt-1 inline-block underline" href={notice.link.href} target="_blank" rel="noopener noreferrer">
              {notice.link.label}
            </a>
          )}
          <div className="mt-2 text-right">
            <button type="button" className="text-xs text-light underline hover:text-text" onClick={() => controller?.dismissNotice()}>
              Dismiss
            </button>
          </div>
        </div>
      )}

      <AlertDialog.Root open={consentOpen} onOpenChange={setConsentOpen}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-black/60 backdrop-blur-sm motion-safe:animate-[fade-in_150ms_ease-out]" />
          <AlertDialog.Content
            data-testid="wallet-consent"
            onCloseAutoFocus={returnFocus}
            className="fixed top-1/2 left-1/2 z-[61] w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-foreground p-6 text-text shadow-2xl shadow-black/50 motion-safe:animate-[dialog-in_180ms_ease-out]"
          >
            <AlertDialog.Title className="text-lg font-semibold">{walletMessages.consentTitle}</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-light">
              {state.isMobile && state.wallets.length === 0 ? walletMessages.consentMobileRedirectBody : walletMessages.consentBody}
            </AlertDialog.Description>
            {state.isMobile && state.wallets.length > 0 && <p className="mt-2 text-sm">{walletMessages.inWalletBrowser}</p>}
            {state.wallets.length > 1 && (
              <fieldset className="mt-4">
                <legend className="text-sm font-semibold">Choose a wallet</legend>
                <div className="mt-2 grid gap-2">
                  {state.wallets.map((w) => (
                    <label key={w.id} className="flex cursor-pointer items-center gap-3 rounded-md border border-border px-3 py-2 hover:bg-shade">
                      <input type="radio" name="wallet" value={w.id} checked={(chosenWallet ?? state.walletId) === w.id} onChange={() => setChosenWallet(w.id)} />
                      {w.icon && <img src={w.icon} alt="" width={20} height={20} />}
                      <span>{w.name}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            )}
            <div className="mt-6 flex justify-end gap-3">
              <AlertDialog.Cancel className={secondaryButton}>{walletMessages.consentNo}</AlertDialog.Cancel>
              <AlertDialog.Action className={primaryButton} onClick={() => void onConsent()}>
                {walletMessages.consentYes}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>

      <Dialog.Root open={accountOpen} onOpenChange={setAccountOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/60 backdrop-blur-sm motion-safe:animate-[fade-in_150ms_ease-out]" />
          <Dialog.Content
            data-testid="wallet-account"
            onCloseAutoFocus={returnFocus}
            className="fixed top-1/2 left-1/2 z-[61] w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-foreground p-6 text-text shadow-2xl shadow-black/50 motion-safe:animate-[dialog-in_180ms_ease-out]"
          >
            <Dialog.Title className="text-lg font-semibold">Your wallet</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-light">The token balance is read on Binance Mainnet, whatever network your wallet is on.</Dialog.Description>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              {walletName && (
                <>
                  <dt className="text-light">Wallet</dt>
                  <dd>{walletName}</dd>
                </>
              )}
              <dt className="text-light">Address</dt>
              <dd className="font-mono" title={state.account}>
                {state.account ? shortAddress(state.account) : '—'}
              </dd>
              <dt className="text-light">Network</dt>
              <dd>{chainName ?? (state.chainId === undefined ? '—' : walletMessages.unsupportedChain)}</dd>
              <dt className="text-light">Balance</dt>
              <dd className="tabular-nums">{label}</dd>
            </dl>
            {profileSave && (
              <div className="mt-4 rounded-md border border-border p-3 text-sm" data-testid="wallet-profile-offer">
                {profileSave.status === 'saved' ? (
                  <p role="status">Saved as your profile&apos;s Ethereum address.</p>
                ) : (
                  <>
                    <p>Save this address as the Ethereum address of your profile?</p>
                    {profileSave.status === 'failed' && (
                      <p role="alert" className="mt-1 text-orange">
                        Update failed
                      </p>
                    )}
                    <div className="mt-2 flex gap-2">
                      <button type="button" className={primaryButton} disabled={profileSave.status === 'saving'} onClick={() => void onSaveToProfile()}>
                        {profileSave.status === 'saving' ? 'Saving…' : 'Save to profile'}
                      </button>
                      <button type="button" className={secondaryButton} onClick={() => setProfileSave(null)}>
                        Not now
                      </button>
                    </div>
                  </>
                )}
              </div>
            )}
            <div className="mt-6 flex justify-end gap-3">
              <Dialog.Close className={secondaryButton}>Close</Dialog.Close>
              <button type="button" className={primaryButton} onClick={() => void onDisconnect()}>
                Disconnect
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  )
}
