import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../lib/chat-schema'
import { site } from '../../../lib/site'
import { startFakeOpenAiServer } from '../../integration/chat/support/fake-openai-server'
import type { TrackedPage } from '../../setup/browser'
import { browserSuite, type BrowserSuite } from '../../setup/browser-suite'
import { startSmtpReceiver } from '../../setup/smtp-receiver'
import { startedForSuite } from '../../setup/started-for-suite'
import { cookieHeader, seedUser, signInContext, type SeededUser } from '../dashboard/seed'
import { expectNoAxeViolations } from '../public/support'

const TITLE = `${site.companyName} Assistant`
const GREETING = `Hi! I'm your ${site.companyName} assistant. How can I help you today?`
const LAUNCHER = `Chat with the ${site.companyName} assistant`
const run = Date.now().toString(36)

/**
 * For the describe block that calls it: a mail receiver, a server of its own that mails to it (with the
 * settings given too), and a Chromium, with a page per test.
 */
function chatSuite(settings: () => Record<string, string> = () => ({})): BrowserSuite {
  const mail = startedForSuite(startSmtpReceiver, (started) => started.close())
  return browserSuite({ server: () => ({ env: { SMTP_URL: mail().url, MAIL_FROM: 'portal@example.com', ...settings() } }) })
}

function chatWindow(page: Page) {
  return page.getByRole('dialog', { name: TITLE })
}

async function openSignedIn(suite: BrowserSuite, user: SeededUser, path = '/?chat=open'): Promise<TrackedPage> {
  const tracked = await suite.newPage()
  await signInContext(tracked.context, suite.server.url, user)
  await tracked.page.goto(suite.server.url + path)
  await chatWindow(tracked.page).getByText(GREETING).waitFor()
  return tracked
}

/** Records every length the last assistant message takes, to see the answer arrive in parts. */
async function recordAnswerGrowth(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __lengths: number[] }
    w.__lengths = []
    const log = document.querySelector('[role="log"]')!
    new MutationObserver(() => {
      const bubbles = log.querySelectorAll('[data-role="assistant"]')
      const last = bubbles[bubbles.length - 1]
      const n = last?.textContent?.length ?? 0
      if (n && w.__lengths.at(-1) !== n) w.__lengths.push(n)
    }).observe(log, { subtree: true, childList: true, characterData: true })
  })
}

describe('chat assistant in the browser', () => {
  const suite = chatSuite()
  let alice: SeededUser
  let bob: SeededUser

  beforeAll(async () => {
    alice = await seedUser(suite.server, `chat-alice-${run}@example.com`)
    bob = await seedUser(suite.server, `chat-bob-${run}@example.com`)
  })

  it('signed out: the button opens the window, its link opens the login, Escape closes and focus returns', async () => {
    const current = await suite.newPage()
    const { page } = current
    const scripts: string[] = []
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()))
    await page.goto(suite.server.url + '/about', { waitUntil: 'networkidle' })
    // Only the button ships with the page; the window's code loads when it is wanted.
    expect(scripts.filter((u) => u.includes('chat-window'))).toEqual([])
    const launcher = page.getByRole('button', { name: LAUNCHER })
    await launcher.click()
    await expect.poll(() => scripts.some((u) => u.includes('chat-window'))).toBe(true)
    const win = chatWindow(page)
    await win.getByRole('heading', { name: TITLE }).waitFor()
    await expectNoAxeViolations(page, '#chat-window')
    await win.getByRole('link', { name: 'Please sign in to speak to our advisor.' }).click()
    await page.getByRole('dialog', { name: 'Sign in' }).waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('dialog', { name: 'Sign in' }).waitFor({ state: 'hidden' })

    await win.getByRole('link', { name: 'Please sign in to speak to our advisor.' }).focus()
    await page.keyboard.press('Escape')
    await win.waitFor({ state: 'hidden' })
    expect(await launcher.evaluate((el) => el === document.activeElement)).toBe(true)
    // The button toggles it from the keyboard too.
    await page.keyboard.press('Enter')
    await win.waitFor()
    await page.keyboard.press('Enter')
    await win.waitFor({ state: 'hidden' })

    // The Home page's assistant button opens the window (it links to /?chat=open).
    await page.goto(suite.server.url + '/')
    await page.getByRole('main').getByRole('link', { name: 'Ask our assistant' }).click()
    await win.getByRole('link', { name: 'Please sign in to speak to our advisor.' }).waitFor()
    expect(new URL(page.url()).search).toBe('?chat=open')
    expect(current.errors).toEqual([])
  })

  it('signed in: greets, sends with Enter, ignores an empty message, streams the answer in parts, and keeps it after a reload', async () => {
    const current = await openSignedIn(suite, alice)
    const { page } = current
    const win = chatWindow(page)
    const input = win.getByPlaceholder('Type your message...')
    const send = win.getByRole('button', { name: 'Send' })
    await expect.poll(() => send.isDisabled()).toBe(true)

    // Whitespace only: Send stays disabled and Enter sends nothing.
    await input.fill('   ')
    expect(await send.isDisabled()).toBe(true)
    await input.press('Enter')
    expect(await win.locator('[data-role="user"]').count()).toBe(0)

    // Too long: the same rule as the server, with a clear message, and nothing is sent.
    await input.fill('x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1))
    await expect.poll(() => send.isEnabled()).toBe(true)
    await send.click()
    await win.getByText(`Your message is too long: please keep it under ${CHAT_MESSAGE_MAX_LENGTH} characters.`).waitFor()
    expect(await win.locator('[data-role="user"]').count()).toBe(0)

    // Shift+Enter is a new line, not a send.
    await input.fill('')
    await input.type('What is your hourly rate')
    await input.press('Shift+Enter')
    await input.type('for FEA analysis?')
    expect(await input.inputValue()).toBe('What is your hourly rate\nfor FEA analysis?')
    expect(await win.locator('[data-role="user"]').count()).toBe(0)

    await recordAnswerGrowth(page)
    await expect.poll(() => send.isEnabled()).toBe(true)
    await input.press('Enter')
    expect(await input.inputValue()).toBe('')
    await win.locator('[data-role="user"]').getByText('for FEA analysis?').waitFor()
    await win.getByText('Typing...').waitFor()
    expect(await send.isDisabled()).toBe(true)
    await win.getByText('Typing...').waitFor({ state: 'hidden', timeout: 20_000 })

    const answer = win.locator('[data-role="assistant"]').last()
    expect(await answer.textContent()).toContain('£80/hr')
    expect(await answer.getByRole('link', { name: 'FEA Analysis' }).getAttribute('href')).toBe('/services/fea')
    const lengths = await page.evaluate(() => (window as unknown as { __lengths: number[] }).__lengths)
    expect(lengths.length).toBeGreaterThanOrEqual(3)
    await expectNoAxeViolations(page, '#chat-window')

    await page.reload()
    await chatWindow(page).getByText(GREETING).waitFor()
    await chatWindow(page).locator('[data-role="user"]').getByText('for FEA analysis?').waitFor()
    expect(await chatWindow(page).locator('[data-role="assistant"]').last().textContent()).toContain('£80/hr')
    expect(current.errors).toEqual([])
  })

  it('another user can neither read nor subscribe to the conversation', async () => {
    const res = await fetch(`${suite.server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookieHeader(alice), origin: suite.server.url },
      body: JSON.stringify({ query: 'mutation { createOrGetChatConversation { id } }' }),
    })
    const conversationId = ((await res.json()) as { data: { createOrGetChatConversation: { id: string } } }).data.createOrGetChatConversation.id

    const current = await suite.newPage()
    const { page } = current
    await signInContext(current.context, suite.server.url, bob)
    await page.goto(suite.server.url + '/about')
    const read = await page.evaluate(async (id) => {
      const r = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'query ($id: ID!) { chatMessages(conversationId: $id) { items { id } } }', variables: { id } }),
      })
      return ((await r.json()) as { errors?: { message: string }[] }).errors?.[0]?.message
    }, conversationId)
    expect(read).toBe('Unauthorized')

    const subscribed = await page.evaluate(
      (id) =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(`ws://${location.host}/graphql`, 'graphql-transport-ws')
          ws.onopen = () => ws.send(JSON.stringify({ type: 'connection_init' }))
          ws.onmessage = (event) => {
            const message = JSON.parse(String(event.data)) as { type: string; payload?: { message: string }[] | { data?: unknown; errors?: { message: string }[] } }
            if (message.type === 'connection_ack')
              ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription ($id: ID!) { onChatStreamPart(conversationId: $id) { id } }', variables: { id } } }))
            // A refused subscription ends with its errors (as a "next" result or an "error" message), never data.
            if (message.type === 'error' || message.type === 'next') {
              const payload = message.payload
              const errors = Array.isArray(payload) ? payload : payload?.data ? undefined : payload?.errors
              resolve(errors?.[0]?.message ?? 'received data')
              ws.close()
            }
          }
        }),
      conversationId,
    )
    expect(subscribed).toBe('Unauthorized')
  })
})

describe('chat assistant on a model provider (fake OpenAI-compatible server)', () => {
  const longAnswer = Array.from({ length: 36 }, (_, i) => `part${i}`).join(' ')
  const fake = startedForSuite(
    () => startFakeOpenAiServer({ mode: 'ok', answer: longAnswer, wordsPerChunk: 1, chunkDelayMs: 120 }),
    (started) => started.close(),
  )
  const suite = chatSuite(() => ({ LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: fake().baseUrl, LLM_MODEL: 'fake-model', LLM_API_KEY: 'test' }))

  it('a socket dropped mid-answer reconnects and the answer completes without duplicates or gaps', async () => {
    const dan = await seedUser(suite.server, `chat-dan-${run}@example.com`)
    const tracked = await suite.newPage()
    const { page } = tracked
    // Keep a handle on the page's sockets, to cut the connection as a network failure would.
    await page.addInitScript(() => {
      const Native = window.WebSocket
      const sockets: WebSocket[] = []
      ;(window as unknown as { __sockets: WebSocket[] }).__sockets = sockets
      window.WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols)
          sockets.push(this)
        }
      }
    })
    await signInContext(tracked.context, suite.server.url, dan)
    await page.goto(suite.server.url + '/?chat=open')
    const win = chatWindow(page)
    await win.getByText(GREETING).waitFor()
    await win.getByPlaceholder('Type your message...').fill('Tell me about your services')
    // Send is enabled once the conversation has loaded.
    await expect.poll(() => win.getByRole('button', { name: 'Send' }).isEnabled()).toBe(true)
    await win.getByPlaceholder('Type your message...').press('Enter')
    await win.locator('[data-role="assistant"]').last().getByText('part3', { exact: false }).waitFor()
    await page.evaluate(() => {
      for (const socket of (window as unknown as { __sockets: WebSocket[] }).__sockets) if (socket.readyState === WebSocket.OPEN) socket.close(4408, 'Keep-alive missed')
    })
    await win.getByRole('status').getByText('Reconnecting…').waitFor()
    await win.getByRole('status').waitFor({ state: 'hidden', timeout: 15_000 })
    await win.getByText('Typing...').waitFor({ state: 'hidden', timeout: 30_000 })
    expect(await win.locator('[data-role="assistant"]').last().textContent()).toBe(longAnswer)
    expect(tracked.errors).toEqual([])
  })

  it('shows the error with a Retry that asks again, and "Reconnecting…" when the server goes away', async () => {
    const carol = await seedUser(suite.server, `chat-carol-${run}@example.com`)
    const tracked = await openSignedIn(suite, carol)
    const { page } = tracked
    fake().setMode('fail')
    const win = chatWindow(page)
    await win.getByPlaceholder('Type your message...').fill('What is the FEA rate?')
    await win.getByRole('button', { name: 'Send' }).click()
    const alert = win.getByRole('alert')
    await alert.getByText('The assistant model is unavailable. Please try again later.').waitFor({ timeout: 30_000 })

    fake().setMode('ok')
    await alert.getByRole('button', { name: 'Retry' }).click()
    await win.getByText(longAnswer).waitFor({ timeout: 30_000 })
    expect(await win.getByRole('alert').count()).toBe(0)
    expect(await win.locator('[data-role="user"]').count()).toBe(1)

    // The server goes away: the window says it is reconnecting.
    await suite.server.stop()
    await win.getByRole('status').getByText('Reconnecting…').waitFor({ timeout: 15_000 })
  })
})
