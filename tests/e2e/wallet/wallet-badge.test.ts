import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { axeWhenSettled } from '../../setup/axe'
import pg from 'pg'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { anvilAccounts, deployTestToken, installMulticall3, startAnvil, type AnvilNode, type TestToken } from '../../setup/anvil'
import { launchBrowser, newTrackedPage, screenshotOnFailure, type TrackedPage } from '../../setup/browser'
import { startTestServer, type TestServer } from '../../setup/test-server'
import { startSmtpReceiver, type SmtpReceiver } from '../../setup/smtp-receiver'
import { cookieHeader, seedUser, signInContext } from '../dashboard/seed'
import { injectTestWallet, rememberConnectedAddress, testWallet, type TestWalletOptions } from './support/test-wallet'

// The wallet code loads when the browser is idle; on a busy machine that can take a few seconds.
const poll = <T,>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 })

const [holder, smallHolder, emptyAccount] = anvilAccounts as [`0x${string}`, `0x${string}`, `0x${string}`]

describe('wallet badge', () => {
  let anvil: AnvilNode
  let token: TestToken
  let server: TestServer
  let browser: Browser
  let tracked: TrackedPage | undefined
  let logs: string[] = []
  // A local stand-in for Discord's webhook endpoint: the outbox worker delivers notifications here.
  let discord: Server
  // Mail for the sign-up of the signed-in follow-up test.
  let mail: SmtpReceiver
  const discordMessages: { content: string; embeds?: { fields?: { name: string; value: string }[] }[] }[] = []

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 56 })
    await installMulticall3(anvil)
    token = await deployTestToken(anvil, { name: 'Meshwork Test Token', symbol: 'MESHT' })
    await token.mint(holder, '1234.6')
    await token.mint(smallHolder, '42.4')
    discord = createServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString()))
      req.on('end', () => {
        discordMessages.push(JSON.parse(body))
        res.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => discord.listen(0, '127.0.0.1', resolve))
    const webhook = `http://127.0.0.1:${(discord.address() as AddressInfo).port}/api/webhooks/1/test`
    mail = await startSmtpReceiver()
    server = await startTestServer({ env: { TOKEN_ADDRESS: token.address, RPC_URL_56: anvil.url, DISCORD_WEBHOOK_URL: webhook, SMTP_URL: mail.url, MAIL_FROM: 'portal@example.com' } })
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    server?.cleanup()
    await anvil?.stop()
    await new Promise((resolve) => discord?.close(resolve))
    await mail?.close()
  })

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await screenshotOnFailure(tracked?.page, `wallet-${ctx.task.name}`)
    if (tracked) {
      // Nothing in the wallet flows is a console error (its states are logged, not errors).
      expect(tracked.errors).toEqual([])
      await tracked.context.close()
    }
    tracked = undefined
  })

  async function open(options: { wallet?: Partial<TestWalletOptions> | Partial<TestWalletOptions>[]; connected?: string; userAgent?: string; path?: string; user?: Awaited<ReturnType<typeof seedUser>> } = {}): Promise<Page> {
    tracked = await newTrackedPage(browser, options.userAgent ? { userAgent: options.userAgent } : {})
    const { page } = tracked
    if (options.user) await signInContext(tracked.context, server.url, options.user)
    logs = []
    page.on('console', (msg) => {
      if (msg.type() === 'log' || msg.type() === 'info') logs.push(msg.text())
    })
    const wallets = options.wallet === undefined ? [] : Array.isArray(options.wallet) ? options.wallet : [options.wallet]
    for (const w of wallets) await injectTestWallet(page, { rpcUrl: anvil.url, ...w })
    if (options.connected) await rememberConnectedAddress(page, options.connected)
    await page.goto(server.url + (options.path ?? '/'))
    return page
  }

  const badge = (page: Page) => page.getByTestId('wallet-badge')
  const storedAddress = (page: Page) => page.evaluate(() => localStorage.getItem('Connected_address'))
  /** Once the badge reads Disconnected, clicks it and says YES to the consent dialog. */
  const connectFromTheBadge = async (page: Page) => {
    await poll(() => badge(page).textContent()).toBe('Disconnected')
    await badge(page).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'YES' }).click()
  }

  it('reads Guest in the page HTML, then Undetected without a wallet', async () => {
    const html = await (await fetch(server.url + '/')).text()
    expect(html).toMatch(/data-testid="wallet-badge"[^>]*>Guest</)
    const page = await open()
    await poll(() => badge(page).textContent()).toBe('Undetected')
    expect(logs).toContain('No EIP-6963 compatible wallet detected')
  })

  it('tells a desktop visitor without a wallet to install one', async () => {
    const page = await open()
    await poll(() => badge(page).textContent()).toBe('Undetected')
    await badge(page).click()
    const notice = page.getByRole('alert')
    await poll(() => notice.textContent()).toContain('No EIP Compatible wallet has been detected on your browser.')
    expect(await notice.textContent()).toContain('We recommend installing a browser wallet')
    expect(await page.getByTestId('wallet-consent').count()).toBe(0)
  })

  it('shows Disconnected for a wallet that shares no account', async () => {
    const page = await open({ wallet: {} })
    await poll(() => badge(page).textContent()).toBe('Disconnected')
    expect(logs).toContain('EIP-6963 compatible wallet detected but not connected')
    expect(await testWallet(page).requests()).not.toContain('eth_requestAccounts')
  })

  it('asks for consent, connects, stores the address and shows the balance rounded', async () => {
    const page = await open({ wallet: { connectAccounts: [holder] } })
    const nodeCalls: string[] = []
    page.on('request', (req) => {
      if (req.url().startsWith(anvil.url)) nodeCalls.push(req.postData() ?? '')
    })
    await poll(() => badge(page).textContent()).toBe('Disconnected')
    await badge(page).click()
    const consent = page.getByRole('alertdialog')
    await consent.waitFor()
    expect(await consent.getByRole('button', { name: 'NO' }).isVisible()).toBe(true)
    // Consent comes before the wallet is asked.
    expect(await testWallet(page).requests()).not.toContain('eth_requestAccounts')
    await consent.getByRole('button', { name: 'YES' }).click()
    await poll(() => badge(page).textContent()).toBe('1235')
    expect(await storedAddress(page)).toBe(holder)
    expect(await testWallet(page).requests()).toContain('eth_requestAccounts')
    // The balance is read from the chain-56 node of the server's configuration, through Multicall3,
    // not through the wallet.
    expect(nodeCalls.some((body) => body.includes('"eth_call"') && body.toLowerCase().includes('0xca11bde05977b3631167028862be2a173976ca11'))).toBe(true)
    expect(await testWallet(page).requests()).not.toContain('eth_call')

    // Remembered on the next visit.
    await page.reload()
    await poll(() => badge(page).textContent()).toBe('1235')
  })

  it('asks the wallet nothing when the visitor answers NO', async () => {
    const page = await open({ wallet: { connectAccounts: [holder] } })
    await poll(() => badge(page).textContent()).toBe('Disconnected')
    await badge(page).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'NO' }).click()
    await poll(() => page.getByRole('alertdialog').count()).toBe(0)
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('wallet-badge')
    expect(await testWallet(page).requests()).not.toContain('eth_requestAccounts')
    expect(await badge(page).textContent()).toBe('Disconnected')
    expect(await storedAddress(page)).toBeNull()
  })

  it('shows a rejected connection and keeps the page working', async () => {
    const page = await open({ wallet: { connectAccounts: [holder], rejectConnect: true } })
    await connectFromTheBadge(page)
    const notice = page.getByRole('alert')
    await poll(() => notice.textContent()).toContain('Wallet connection failed: User rejected the request.')
    expect(await badge(page).textContent()).toBe('Disconnected')
    expect(await storedAddress(page)).toBeNull()
    // Still usable: the consent opens again and the navigation works.
    await badge(page).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'NO' }).click()
    await page.getByRole('link', { name: 'About' }).first().click()
    await page.waitForURL('**/about')
    expect(await badge(page).textContent()).toBe('Disconnected')
  })

  it('shows Prospector for a connected wallet holding none of the token', async () => {
    const page = await open({ wallet: { accounts: [emptyAccount] }, connected: emptyAccount })
    await poll(() => badge(page).textContent()).toBe('Prospector')
  })

  it('reads the balance on chain 56 whatever chain the wallet is on', async () => {
    const page = await open({ wallet: { accounts: [holder], chainId: 137 }, connected: holder })
    await poll(() => badge(page).textContent()).toBe('1235')
    await poll(() => page.getByRole('alert').textContent()).toContain('Provider request error: Unsupported chain or network')
    await testWallet(page).setChain(56)
    await poll(() => page.getByRole('alert').count()).toBe(0)
    expect(await badge(page).textContent()).toBe('1235')
  })

  it('follows the wallet when the user switches account', async () => {
    const page = await open({ wallet: { accounts: [holder] }, connected: holder })
    await poll(() => badge(page).textContent()).toBe('1235')
    await testWallet(page).setAccounts([smallHolder])
    await poll(() => badge(page).textContent()).toBe('42')
    expect(await storedAddress(page)).toBe(smallHolder)
  })

  it('clears the stored address and reloads when the wallet empties its accounts', async () => {
    const page = await open({ wallet: { accounts: [holder] }, connected: holder })
    await poll(() => badge(page).textContent()).toBe('1235')
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true))
    const reloaded = page.waitForEvent('load')
    await testWallet(page).setAccounts([])
    await reloaded
    expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined()
    expect(await storedAddress(page)).toBeNull()
    await poll(() => badge(page).textContent()).toBe('Disconnected')
  })

  it('disconnects: forgets the address and sends the Disconnected notification', async () => {
    const page = await open({ wallet: { accounts: [holder] }, connected: holder })
    await poll(() => badge(page).textContent()).toBe('1235')
    const before = await walletOutboxRows()
    await badge(page).click()
    const account = page.getByRole('dialog')
    await account.waitFor()
    expect(await account.textContent()).toContain(`${holder.slice(0, 6)}…${holder.slice(-4)}`)
    await account.getByRole('button', { name: 'Disconnect' }).click()
    await poll(() => badge(page).textContent()).toBe('Disconnected')
    expect(await storedAddress(page)).toBeNull()
    await poll(async () => (await walletOutboxRows()).length).toBe(before.length + 1)
    const row = (await walletOutboxRows()).at(-1)!
    expect(row.channel).toBe('notification')
    expect(row.payload).toMatchObject({ title: 'Disconnected', emoji: ':wave:', source: 'Meshwork - Logout', address: holder })
    // ...and the outbox worker delivers it to the webhook.
    await poll(() => discordMessages.length).toBeGreaterThan(0)
    const delivered = discordMessages.find((m) => m.content.includes(':wave: Disconnected'))!
    expect(delivered).toBeDefined()
    const fields = Object.fromEntries((delivered.embeds?.[0]?.fields ?? []).map((f) => [f.name, f.value]))
    expect(Object.values(fields)).toEqual(expect.arrayContaining(['Disconnected', ':wave:', 'Meshwork - Logout', holder]))
  })

  it('offers a signed-in client to save the connected address to the profile', async () => {
    const user = await seedUser(server, `wallet-${Date.now().toString(36)}@example.com`)
    const page = await open({ wallet: { connectAccounts: [smallHolder] }, user })
    await connectFromTheBadge(page)
    const offer = page.getByTestId('wallet-profile-offer')
    await offer.getByRole('button', { name: 'Save to profile' }).click()
    await poll(() => offer.getByRole('status').textContent()).toBe("Saved as your profile's Ethereum address.")
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookieHeader(user), origin: server.url },
      body: JSON.stringify({ query: '{ me { attributes { custom_EthereumAddress } } }' }),
    })
    const body = (await res.json()) as { data: { me: { attributes: { custom_EthereumAddress: string } } } }
    expect(body.data.me.attributes.custom_EthereumAddress.toLowerCase()).toBe(smallHolder.toLowerCase())
    expect(await badge(page).textContent()).toBe('42')

    // Connecting the same address again makes no offer: the profile already holds it.
    await page.getByTestId('wallet-account').getByRole('button', { name: 'Disconnect' }).click()
    await connectFromTheBadge(page)
    await poll(() => badge(page).textContent()).toBe('42')
    expect(await page.getByTestId('wallet-profile-offer').count()).toBe(0)
  })

  it('makes no profile offer to a visitor who is not signed in', async () => {
    const page = await open({ wallet: { connectAccounts: [holder] } })
    await connectFromTheBadge(page)
    await poll(() => badge(page).textContent()).toBe('1235')
    expect(await page.getByTestId('wallet-profile-offer').count()).toBe(0)
  })

  it('lets the visitor pick when several wallets announce themselves', async () => {
    const page = await open({
      wallet: [
        { name: 'First Wallet', rdns: 'dev.meshwork.first', connectAccounts: [holder] },
        { name: 'Second Wallet', rdns: 'dev.meshwork.second', connectAccounts: [smallHolder] },
      ],
    })
    await poll(() => badge(page).textContent()).toBe('Disconnected')
    await badge(page).click()
    const consent = page.getByRole('alertdialog')
    await consent.getByRole('radio', { name: 'Second Wallet' }).check()
    await consent.getByRole('button', { name: 'YES' }).click()
    await poll(() => badge(page).textContent()).toBe('42')
    expect(await testWallet(page, 'dev.meshwork.first').requests()).not.toContain('eth_requestAccounts')
    expect(await testWallet(page, 'dev.meshwork.second').requests()).toContain('eth_requestAccounts')
  })

  it('has an accessible badge, consent dialog, account dialog and notice', async () => {
    const axe = async (page: Page, selector: string) => {
      const results = await (await axeWhenSettled(page)).include(selector).analyze()
      expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([])
    }
    const page = await open({
      wallet: [
        { name: 'First Wallet', rdns: 'dev.meshwork.first', connectAccounts: [holder] },
        { name: 'Second Wallet', rdns: 'dev.meshwork.second', connectAccounts: [smallHolder], chainId: 137 },
      ],
    })
    await poll(() => badge(page).textContent()).toBe('Disconnected')
    expect(await page.getByRole('button', { name: 'Wallet: Disconnected' }).count()).toBe(1)
    await axe(page, '[data-testid="wallet-badge"]')
    await badge(page).click()
    await page.getByRole('alertdialog').waitFor()
    await axe(page, '[data-testid="wallet-consent"]')
    await page.getByRole('alertdialog').getByRole('radio', { name: 'Second Wallet' }).check()
    await page.getByRole('alertdialog').getByRole('button', { name: 'YES' }).click()
    await poll(() => badge(page).textContent()).toBe('42')
    await poll(() => page.getByTestId('wallet-notice').count()).toBe(1)
    await axe(page, '[data-testid="wallet-notice"]')
    await badge(page).click()
    await page.getByRole('dialog').waitFor()
    await axe(page, '[data-testid="wallet-account"]')
    // Escape closes the account dialog and gives focus back to the badge.
    await page.keyboard.press('Escape')
    await poll(() => page.getByRole('dialog').count()).toBe(0)
    // Radix hands focus back on the task after the dialog unmounts.
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('wallet-badge')
  })

  const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

  it('connects in a phone wallet browser with the standard flow', async () => {
    const page = await open({ userAgent: iPhone, wallet: { connectAccounts: [holder] } })
    await poll(() => badge(page).textContent()).toBe('Disconnected')
    await badge(page).click()
    const consent = page.getByRole('alertdialog')
    expect(await consent.textContent()).toContain('Thinks you in a wallet browser.')
    await consent.getByRole('button', { name: 'YES' }).click()
    await poll(() => badge(page).textContent()).toBe('1235')
    expect(page.url()).toBe(server.url + '/')
  })

  it('sends a phone without a wallet to MetaMask Mobile', async () => {
    const page = await open({ userAgent: iPhone, path: '/services/cfd' })
    await page.route('https://metamask.app.link/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>MetaMask</title>' }))
    await poll(() => badge(page).textContent()).toBe('Undetected')
    await badge(page).click()
    expect(await page.getByRole('alertdialog').textContent()).toContain('The site will open in the MetaMask Mobile browser')
    await page.getByRole('alertdialog').getByRole('button', { name: 'YES' }).click()
    await page.waitForURL('https://metamask.app.link/**')
    expect(page.url()).toBe(`https://metamask.app.link/dapp/${new URL(server.url).host}/services/cfd`)
  })

  async function walletOutboxRows() {
    const settings = JSON.parse(readFileSync(path.join(server.dataDir, 'postgres.json'), 'utf8')) as { port: number; password: string }
    const client = new pg.Client({ host: '127.0.0.1', port: settings.port, user: 'postgres', password: settings.password, database: 'app' })
    await client.connect()
    try {
      const result = await client.query<{ channel: string; payload: Record<string, unknown> }>("SELECT channel, payload FROM outbox WHERE kind = 'wallet-disconnect' ORDER BY id")
      return result.rows
    } finally {
      await client.end()
    }
  }
})
