import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { browserSuite } from '../../setup/browser-suite'

const clientDir = path.resolve(import.meta.dirname, '../../..', process.env.BUILD_DIR ?? 'build', 'client')
const assetsDir = path.join(clientDir, 'assets')

// Strings only the wallet libraries contain (wagmi's own address, and mipd, its EIP-6963 store).
const walletLibraryMarkers = ['wagmi.sh', 'mipd']
const isWalletChunk = (file: string) => {
  const code = readFileSync(path.join(assetsDir, file), 'utf8')
  return walletLibraryMarkers.some((m) => code.includes(m))
}

/** The scripts a page loads before any interaction: its module preloads, scripts and their static imports. */
function firstLoadScripts(htmlFile: string): Set<string> {
  const html = readFileSync(path.join(clientDir, htmlFile), 'utf8')
  const queue = [...html.matchAll(/(?:href|src)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!)
  queue.push(...[...html.matchAll(/import\(?\s*"\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!))
  const seen = new Set<string>()
  while (queue.length) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    const code = readFileSync(path.join(assetsDir, file), 'utf8')
    // Static imports only (`import … from"./x.js"`, `import"./x.js"`); `import("./x.js")` is lazy.
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(m[1]!)
  }
  return seen
}

describe('wallet code on the first load', () => {
  const walletChunks = readdirSync(assetsDir).filter((f) => f.endsWith('.js') && isWalletChunk(f))

  it('exists in the build as a lazily loaded chunk', () => {
    expect(walletChunks.length).toBeGreaterThan(0)
  })

  it.each(['index.html', 'services/cfd/index.html', 'examples/wind-load-silo/index.html', 'about/index.html'])('is not part of the first load of %s', (page) => {
    const scripts = firstLoadScripts(page)
    expect(scripts.size).toBeGreaterThan(3)
    expect([...scripts].filter((f) => walletChunks.includes(f))).toEqual([])
  })

  describe('in the browser', () => {
    const suite = browserSuite()

    it('is not requested without a wallet: the badge reads Undetected, and a click loads it', async () => {
      const { page, context, errors } = await suite.newPage()
      const requested: string[] = []
      page.on('request', (req) => requested.push(path.basename(new URL(req.url()).pathname)))
      await page.goto(suite.server.url + '/', { waitUntil: 'networkidle' })
      const badge = page.getByTestId('wallet-badge')
      await expect.poll(() => badge.textContent()).toBe('Undetected')
      // Longer than any idle callback would wait: nothing loads "just in case".
      await page.waitForTimeout(3500)
      expect(requested.filter((f) => walletChunks.includes(f))).toEqual([])

      await badge.click()
      await expect.poll(() => requested.filter((f) => walletChunks.includes(f)).length, { timeout: 15_000 }).toBeGreaterThan(0)
      // The click is acted on once the wallet is known: without one, the visitor is told so.
      await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 15_000 }).toContain('No EIP Compatible wallet has been detected on your browser.')
      expect(await badge.textContent()).toBe('Undetected')
      expect(errors).toEqual([])
      await context.close()
    })

    it('is requested as soon as a wallet announces itself (EIP-6963)', async () => {
      const { page, context, errors } = await suite.newPage()
      // A wallet extension answers every discovery request with its announcement.
      await page.addInitScript(() => {
        const provider = {
          request: async ({ method }: { method: string }) => (method === 'eth_chainId' ? '0x38' : method === 'eth_accounts' ? [] : null),
          on: () => {},
          removeListener: () => {},
        }
        const info = { uuid: '7f1b5f4e-0d1c-4b53-9a53-0c3f1c2a9a10', name: 'Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'test.wallet' }
        const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
        window.addEventListener('eip6963:requestProvider', announce)
      })
      const requested: string[] = []
      page.on('request', (req) => requested.push(path.basename(new URL(req.url()).pathname)))
      await page.goto(suite.server.url + '/')
      await expect.poll(() => requested.filter((f) => walletChunks.includes(f)).length, { timeout: 15_000 }).toBeGreaterThan(0)
      await expect.poll(() => page.getByTestId('wallet-badge').textContent(), { timeout: 15_000 }).toBe('Disconnected')
      expect(errors).toEqual([])
      await context.close()
    })
  })
})
