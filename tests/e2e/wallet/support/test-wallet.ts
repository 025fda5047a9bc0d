import type { Page } from 'playwright-core'

export interface TestWalletOptions {
  /** The node the wallet forwards every other JSON-RPC request to. */
  rpcUrl: string
  /** Accounts the wallet already shares with the site (eth_accounts). */
  accounts?: string[]
  /** Accounts it shares when asked (eth_requestAccounts); the first anvil account by default. */
  connectAccounts?: string[]
  /** eth_requestAccounts fails with EIP-1193 error 4001 (user rejected). */
  rejectConnect?: boolean
  chainId?: number
  name?: string
  rdns?: string
}

/**
 * Runs in the page before any of its scripts: an EIP-1193 wallet that announces itself by EIP-6963
 * and answers accounts and chain itself (as a browser extension does) while forwarding every other
 * request to a real JSON-RPC node. `window.__testWallets[rdns]` lets a test act as the wallet user.
 */
function installTestWallet(o: Required<TestWalletOptions>) {
  type Listener = (...args: unknown[]) => void
  const listeners = new Map<string, Set<Listener>>()
  // Like a real wallet, it remembers what it shares with the site across reloads (for this tab).
  const memoryKey = `test-wallet:${o.rdns}:accounts`
  const remembered = sessionStorage.getItem(memoryKey)
  let accounts: string[] = remembered ? JSON.parse(remembered) : [...o.accounts]
  const share = (next: string[]) => {
    accounts = [...next]
    sessionStorage.setItem(memoryKey, JSON.stringify(accounts))
  }
  let chainId = o.chainId
  let rejectConnect = o.rejectConnect
  const requests: string[] = []
  const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((l) => l(...args))
  let nextId = 0

  const provider = {
    async request({ method, params }: { method: string; params?: unknown[] }) {
      requests.push(method)
      switch (method) {
        case 'eth_accounts':
          return [...accounts]
        case 'eth_chainId':
          return '0x' + chainId.toString(16)
        case 'eth_requestAccounts':
          if (rejectConnect) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
          if (!accounts.length) {
            share(o.connectAccounts)
            emit('accountsChanged', [...accounts])
          }
          return [...accounts]
        case 'wallet_revokePermissions':
          share([])
          emit('accountsChanged', [])
          return null
        case 'wallet_requestPermissions':
          throw Object.assign(new Error('Method not supported'), { code: 4200 })
      }
      const res = await fetch(o.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++nextId, method, params: params ?? [] }) })
      const body = await res.json()
      if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code, data: body.error.data })
      return body.result
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
      return provider
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
  }

  const w = window as unknown as { __testWallets?: Record<string, unknown> }
  w.__testWallets ??= {}
  w.__testWallets[o.rdns] = {
    requests,
    setAccounts(next: string[]) {
      share(next)
      emit('accountsChanged', [...accounts])
    },
    setChain(id: number) {
      chainId = id
      emit('chainChanged', '0x' + id.toString(16))
    },
    setRejectConnect(value: boolean) {
      rejectConnect = value
    },
  }

  const icon = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle cx="4" cy="4" r="4" fill="#f80"/></svg>')
  const detail = Object.freeze({ info: Object.freeze({ uuid: crypto.randomUUID(), name: o.name, icon, rdns: o.rdns }), provider })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
}

export async function injectTestWallet(page: Page, options: TestWalletOptions) {
  const settings: Required<TestWalletOptions> = {
    accounts: [],
    connectAccounts: [],
    rejectConnect: false,
    chainId: 56,
    name: 'Test Wallet',
    rdns: 'dev.meshwork.testwallet',
    ...options,
  }
  // Sent as source text. Some TypeScript loaders (tsx, esbuild's keepNames) wrap functions in a
  // `__name` helper that does not exist in the page, hence the stand-in.
  await page.addInitScript({ content: `(() => { const __name = (f) => f; (${installTestWallet.toString()})(${JSON.stringify(settings)}) })()` })
}

/** Acts as the wallet's user: switch accounts, switch chain, read which methods the site called. */
export function testWallet(page: Page, rdns = 'dev.meshwork.testwallet') {
  type Handle = { requests: string[]; setAccounts(a: string[]): void; setChain(id: number): void; setRejectConnect(v: boolean): void }
  const get = `window.__testWallets[${JSON.stringify(rdns)}]`
  return {
    requests: () => page.evaluate(`[...${get}.requests]`) as Promise<string[]>,
    setAccounts: (accounts: string[]) => page.evaluate(({ rdns, accounts }) => ((window as unknown as { __testWallets: Record<string, Handle> }).__testWallets[rdns]!.setAccounts(accounts)), { rdns, accounts }),
    setChain: (id: number) => page.evaluate(({ rdns, id }) => ((window as unknown as { __testWallets: Record<string, Handle> }).__testWallets[rdns]!.setChain(id)), { rdns, id }),
  }
}

/** Stores a previously connected address before the page's scripts run. */
export async function rememberConnectedAddress(page: Page, address: string) {
  await page.addInitScript((a) => {
    if (!sessionStorage.getItem('test-seeded')) {
      localStorage.setItem('Connected_address', a)
      sessionStorage.setItem('test-seeded', '1')
    }
  }, address)
}
