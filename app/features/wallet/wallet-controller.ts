import type { Address, EIP1193Provider } from 'viem'
import { findChain, isSupportedChainId } from '../../../lib/chains'
import { metaMaskDeepLink } from '../../../lib/wallet/metamask-deep-link'
import type { WalletBadgeState } from '../../../lib/wallet/wallet-badge-label'
import { walletMessages } from '../../../lib/wallet/wallet-messages'
import type { DiscoveredWallet, WalletRuntime } from './wallet-runtime'

/** Local storage: Connected_address holds the connected wallet address (other pages and tabs read it). */
const connectedAddressKey = 'Connected_address'
/** Which of several announced wallets was chosen at connect (its EIP-6963 rdns). */
const connectedWalletKey = 'Connected_wallet'

export interface WalletError {
  /** The EIP-1193 error code when the wallet gave one (4001: the user rejected the request). */
  code?: number | string
  message: string
}

export type ConnectResult = { ok: true; accounts: Address[] } | { ok: false; error: WalletError }

export interface WalletNotice {
  kind: 'error' | 'info'
  text: string
  /** An extra line (the install recommendation). */
  detail?: string
  link?: { href: string; label: string }
}

export interface WalletViewState {
  badge: WalletBadgeState
  wallets: Pick<DiscoveredWallet, 'id' | 'name' | 'icon'>[]
  /** The wallet whose account is shown (or would be connected). */
  walletId?: string
  account?: Address
  /** The wallet's current chain, from eth_chainId read as a number. */
  chainId?: number
  decimals: number
  notice?: WalletNotice
  isMobile: boolean
}

export interface WalletControllerOptions {
  runtime: WalletRuntime
  isMobile: boolean
  onChange(state: WalletViewState): void
  /** How long to wait for the first EIP-6963 announcements before deciding "Undetected". */
  discoveryWindowMs?: number
}

export interface ConnectOptions {
  walletId?: string
  /** The follow-up step after the address is stored (e.g. offering to save it to the profile). */
  followUp?(address: Address): void | Promise<void>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function toWalletError(error: unknown): WalletError {
  const e = error as { code?: number | string; message?: string } | undefined
  const message = typeof e?.message === 'string' && e.message ? e.message : String(error)
  if (e?.code === 4901 || /unsupported (chain|network)/i.test(message)) return { code: e?.code, message: walletMessages.unsupportedChain }
  return { code: e?.code, message }
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

function writeStorage(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key)
    else window.localStorage.setItem(key, value)
  } catch {
    // Storage blocked (private mode, policy): the session still works, it just is not remembered.
  }
}

/**
 * The wallet badge's state machine (badge, detection, connect, disconnect,
 * mobile, listener), over the runtime's discovered wallets. No React here: the widget renders it.
 */
export function createWalletController({ runtime, isMobile, onChange, discoveryWindowMs = 300 }: WalletControllerOptions) {
  let state: WalletViewState = { badge: { status: 'checking' }, wallets: [], decimals: 18, isMobile }
  let destroyed = false
  let evaluation = 0
  let lastLogged: string | undefined
  const cleanups: (() => void)[] = []
  const attached = new Set<string>()
  let stopBlocks: (() => void) | undefined

  const set = (patch: Partial<WalletViewState>) => {
    if (destroyed) return
    state = { ...state, ...patch }
    onChange(state)
  }

  // Each message once per state change, not on every refresh (console.log, not console.error: these are states, not faults).
  const logState = (message: string) => {
    if (lastLogged === message) return
    lastLogged = message
    console.log(message)
  }

  const walletById = (id: string | undefined) => runtime.wallets().find((w) => w.id === id)

  async function accountsOf(provider: EIP1193Provider): Promise<Address[]> {
    try {
      return ((await provider.request({ method: 'eth_accounts' })) ?? []) as Address[]
    } catch {
      return []
    }
  }

  async function chainIdOf(provider: EIP1193Provider): Promise<number | undefined> {
    try {
      const id = Number(await provider.request({ method: 'eth_chainId' }))
      return Number.isFinite(id) ? id : undefined
    } catch {
      return undefined
    }
  }

  async function loadBalance(account: Address, run: number) {
    try {
      const [balance, decimals] = await Promise.all([runtime.readTokenBalance(account), runtime.tokenDecimals()])
      if (run !== evaluation || state.account !== account) return
      set({ badge: { status: 'connected', balance }, decimals })
    } catch (error) {
      if (run !== evaluation || state.account !== account) return
      console.info('Token balance unavailable:', (error as Error)?.message ?? error)
      if (state.badge.status === 'connected' && state.badge.balance === 'loading') set({ badge: { status: 'connected', balance: 'unavailable' } })
    }
  }

  /** Reads accounts and chain from the wallets and sets the badge. */
  async function evaluate() {
    const run = ++evaluation
    const wallets = runtime.wallets()
    const listed = wallets.map(({ id, name, icon }) => ({ id, name, icon }))
    if (!wallets.length) {
      stopBlocks?.()
      stopBlocks = undefined
      set({ badge: { status: 'undetected' }, wallets: listed, walletId: undefined, account: undefined, chainId: undefined })
      logState(walletMessages.noWalletLog)
      return
    }
    const saved = readStorage(connectedAddressKey)
    const savedWalletId = readStorage(connectedWalletKey)
    const ordered = [...wallets].sort((a, b) => Number(b.id === savedWalletId) - Number(a.id === savedWalletId))

    let active: DiscoveredWallet | undefined
    let account: Address | undefined
    if (saved) {
      for (const wallet of ordered) {
        const accounts = await accountsOf(wallet.provider)
        if (!accounts.length) continue
        active = wallet
        account = accounts.find((a) => a.toLowerCase() === saved.toLowerCase()) ?? accounts[0]
        break
      }
    }
    if (run !== evaluation || destroyed) return

    if (!active || !account) {
      stopBlocks?.()
      stopBlocks = undefined
      set({ badge: { status: 'disconnected' }, wallets: listed, walletId: ordered[0]!.id, account: undefined, chainId: undefined })
      logState(walletMessages.notConnectedLog)
      return
    }

    if (account !== saved) writeStorage(connectedAddressKey, account)
    const chainId = await chainIdOf(active.provider)
    if (run !== evaluation || destroyed) return
    const unsupported = chainId !== undefined && !isSupportedChainId(chainId)
    const notice = unsupported
      ? { kind: 'error' as const, text: walletMessages.unsupportedChain }
      : state.notice?.text === walletMessages.unsupportedChain
        ? undefined
        : state.notice
    const sameAccount = state.account === account && state.badge.status === 'connected'
    set({
      badge: sameAccount ? state.badge : { status: 'connected', balance: 'loading' },
      wallets: listed,
      walletId: active.id,
      account,
      chainId,
      notice,
    })
    lastLogged = undefined
    if (!stopBlocks) {
      // New blocks on the token's chain may change the balance; the client polls every 4000 ms.
      stopBlocks = runtime.watchTokenChain(() => {
        if (state.account) void loadBalance(state.account, evaluation)
      })
    }
    await loadBalance(account, run)
  }

  /** Wallet listener: empty accounts with a saved address clear it and reload. */
  function attachListeners(wallet: DiscoveredWallet) {
    if (attached.has(wallet.id) || !wallet.provider.on) return
    attached.add(wallet.id)
    const handle = async (accounts: Address[] | undefined) => {
      const isActive = !state.walletId || state.walletId === wallet.id
      const current = accounts ?? (await accountsOf(wallet.provider))
      if (isActive && current.length === 0 && readStorage(connectedAddressKey)) {
        writeStorage(connectedAddressKey, null)
        window.location.reload()
        return
      }
      if (isActive && current.length && readStorage(connectedAddressKey)) writeStorage(connectedAddressKey, current[0]!)
      await evaluate()
    }
    const onAccounts = (accounts: string[]) => void handle(accounts as Address[])
    const onChain = () => void handle(undefined)
    wallet.provider.on('accountsChanged', onAccounts)
    wallet.provider.on('chainChanged', onChain)
    cleanups.push(() => {
      wallet.provider.removeListener?.('accountsChanged', onAccounts)
      wallet.provider.removeListener?.('chainChanged', onChain)
    })
  }

  async function connect({ walletId, followUp }: ConnectOptions = {}): Promise<ConnectResult> {
    const wallet = walletById(walletId) ?? walletById(state.walletId) ?? runtime.wallets()[0]
    if (!wallet) {
      if (isMobile) {
        // No injected wallet on a phone: open this page inside MetaMask Mobile's own browser.
        try {
          window.location.assign(metaMaskDeepLink(window.location))
          set({ notice: { kind: 'info', text: walletMessages.nowInWalletBrowser } })
          return { ok: false, error: { code: 'redirected', message: walletMessages.nowInWalletBrowser } }
        } catch {
          console.log(walletMessages.redirectFailedLog)
        }
      }
      const error = { code: 'no-wallet', message: walletMessages.noWallet }
      set({ notice: { kind: 'error', text: walletMessages.noWallet, detail: walletMessages.installRecommendation, link: { href: walletMessages.installUrl, label: 'Get MetaMask' } } })
      return { ok: false, error }
    }
    try {
      const accounts = ((await wallet.provider.request({ method: 'eth_requestAccounts' })) ?? []) as Address[]
      if (!accounts.length) throw { code: 4100, message: 'The wallet did not share an account.' }
      writeStorage(connectedAddressKey, accounts[0]!)
      writeStorage(connectedWalletKey, wallet.id)
      set({ notice: undefined })
      try {
        await followUp?.(accounts[0]!)
      } catch (error) {
        console.info('Wallet follow-up step failed:', (error as Error)?.message ?? error)
      }
      await evaluate()
      return { ok: true, accounts }
    } catch (raw) {
      const error = toWalletError(raw)
      set({ notice: { kind: 'error', text: error.message === walletMessages.unsupportedChain ? error.message : `Wallet connection failed: ${error.message}` } })
      return { ok: false, error }
    }
  }

  async function disconnect() {
    const address = state.account
    const wallet = walletById(state.walletId)
    writeStorage(connectedAddressKey, null)
    writeStorage(connectedWalletKey, null)
    await evaluate()
    // Nothing user-visible when the notification fails: it is for the team, not the visitor.
    await fetch('/api/wallet/disconnected', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(address ? { address } : {}),
    }).catch(() => {})
    // Wallets that support it (MetaMask's wallet_revokePermissions) forget the site too; others may
    // not answer at all, hence the time limit.
    if (wallet) await Promise.race([wallet.provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] } as never), sleep(500)]).catch(() => {})
  }

  async function start() {
    const stopWatching = runtime.onWalletsChange((wallets) => {
      for (const w of wallets) attachListeners(w)
      // A wallet that announces itself later turns "Undetected" into a real state.
      if (state.badge.status !== 'checking') void evaluate()
    })
    cleanups.push(stopWatching)
    await sleep(discoveryWindowMs)
    if (destroyed) return
    await evaluate()
  }

  return {
    getState: () => state,
    start,
    connect,
    disconnect,
    refresh: evaluate,
    dismissNotice: () => set({ notice: undefined }),
    chainName: (id: number | undefined) => (id === undefined ? undefined : findChain(id)?.name),
    destroy() {
      destroyed = true
      stopBlocks?.()
      for (const c of cleanups) c()
      runtime.destroy()
    },
  }
}

export type WalletController = ReturnType<typeof createWalletController>
