// The wallet badge: what it adds to a page (first-load scripts against the lazily loaded chunk, gzip)
// and how long a visitor with a connected wallet waits for the balance. Printed, never asserted.
import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { anvilAccounts, deployTestToken, installMulticall3, startAnvil } from '../../tests/setup/anvil'
import { launchBrowser } from '../../tests/setup/browser'
import { injectTestWallet, rememberConnectedAddress } from '../../tests/e2e/wallet/support/test-wallet'
import { root, startBenchServer } from '../support/server-process'

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`

function scriptSizes(clientDir: string) {
  const assets = path.join(clientDir, 'assets')
  const gz = (file: string) => gzipSync(readFileSync(path.join(assets, file))).length
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8')
  const queue = [...html.matchAll(/(?:href|src)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!)
  const firstLoad = new Set<string>()
  while (queue.length) {
    const file = queue.pop()!
    if (firstLoad.has(file)) continue
    firstLoad.add(file)
    for (const m of readFileSync(path.join(assets, file), 'utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(m[1]!)
  }
  const wallet = readdirSync(assets).filter((f) => f.endsWith('.js') && readFileSync(path.join(assets, f), 'utf8').includes('eip6963:requestProvider'))
  return { firstLoad: [...firstLoad].reduce((sum, f) => sum + gz(f), 0), wallet: wallet.reduce((sum, f) => sum + gz(f), 0), walletInFirstLoad: wallet.some((f) => firstLoad.has(f)) }
}

export default async function walletBench() {
  console.log(`\n== wallet badge ${'='.repeat(58)}`)
  const clientDir = path.join(root, process.env.BUILD_DIR ?? 'build', 'client')
  const sizes = scriptSizes(clientDir)
  console.log(`first-load scripts of /: ${kib(sizes.firstLoad)} gzip (wallet code among them: ${sizes.walletInFirstLoad ? 'YES' : 'no'})`)
  console.log(`lazily loaded wallet chunk (wagmi, viem, dialogs): ${kib(sizes.wallet)} gzip`)

  const anvil = await startAnvil({ chainId: 56 })
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-wallet-'))
  try {
    await installMulticall3(anvil)
    const token = await deployTestToken(anvil)
    const holder = anvilAccounts[0]!
    await token.mint(holder, '1234.6')
    const server = await startBenchServer(dataDir, { TOKEN_ADDRESS: token.address, RPC_URL_56: anvil.url })
    const browser = await launchBrowser()
    try {
      const times: number[] = []
      for (let i = 0; i < 5; i++) {
        const context = await browser.newContext()
        const page = await context.newPage()
        await injectTestWallet(page, { rpcUrl: anvil.url, accounts: [holder] })
        await rememberConnectedAddress(page, holder)
        const started = performance.now()
        await page.goto(server.url + '/')
        await page.waitForFunction(() => document.querySelector('[data-testid="wallet-badge"]')?.textContent === '1235', undefined, { timeout: 30_000 })
        times.push(performance.now() - started)
        await context.close()
      }
      const sorted = [...times].sort((a, b) => a - b)
      console.log(`navigation to balance shown (connected wallet, local node): median ${sorted[2]!.toFixed(0)} ms of ${times.map((t) => t.toFixed(0)).join(', ')} ms`)
      console.log('(includes waiting for the browser to be idle before the wallet code loads, by design)')
    } finally {
      await browser.close()
      await server.stop()
    }
  } finally {
    await anvil.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
