import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chatMessages } from '../../../lib/chat-schema'
import { site } from '../../../lib/site'
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../integration/chat/support/fake-openai-server'
import { connectToServerDatabase } from '../../integration/platform/support/server-database'
import { allowPageErrors } from '../../setup/browser'
import { browserSuite } from '../../setup/browser-suite'
import { seedUser, signInContext } from '../dashboard/seed'

const TITLE = `${site.companyName} Assistant`
const GREETING = `Hi! I'm your ${site.companyName} assistant. How can I help you today?`
// Forty words, one every 250 ms: ten seconds of answer.
const ANSWER = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ')

/** The pid of the server process producing the answer to the newest question (from its lease). */
async function producerPid(dataDir: string): Promise<number | undefined> {
  const db = await connectToServerDatabase(dataDir)
  try {
    const { rows } = await db.query<{ producer: string }>('SELECT producer FROM chat_answer ORDER BY created_at DESC LIMIT 1')
    return rows[0] ? Number(rows[0].producer.split(':').at(-2)) : undefined
  } finally {
    await db.end()
  }
}

// Two server processes (WEB_CONCURRENCY=2): the one producing an answer is killed in the middle of it.
// The other notices its lease ran out and ends the answer; the browser stops "Typing...", keeps the
// words that came, says the answer was interrupted and offers Retry, which asks again.
describe('a chat answer whose server process is killed', () => {
  let fake: FakeOpenAiServer
  beforeAll(async () => {
    fake = await startFakeOpenAiServer({ mode: 'ok', answer: ANSWER, wordsPerChunk: 1, chunkDelayMs: 250 })
  })
  afterAll(async () => {
    await fake?.close()
  })
  const suite = browserSuite({
    server: () => ({ env: { WEB_CONCURRENCY: '2', LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-model', LLM_API_KEY: 'k' } }),
  })

  it('ends with "interrupted" and Retry, and Retry gets the answer', async () => {
    // The page's socket may have been on the killed process: its reconnection is refused or reset once.
    allowPageErrors(/WebSocket connection to .* failed/)
    const user = await seedUser(suite.server, `interrupted-${Date.now().toString(36)}@example.com`)
    const { page, context } = await suite.newPage()
    await signInContext(context, suite.server.url, user)
    await page.goto(suite.server.url + '/?chat=open')
    const win = page.getByRole('dialog', { name: TITLE })
    await win.getByText(GREETING).waitFor()

    const input = win.getByPlaceholder('Type your message...')
    await input.fill('Tell me about your FEA work.')
    await expect.poll(() => win.getByRole('button', { name: 'Send' }).isEnabled()).toBe(true)
    await input.press('Enter')
    const answer = win.locator('[data-role="assistant"]').last()
    await expect.poll(() => answer.textContent(), { timeout: 20_000 }).toContain('word2')

    const pid = await producerPid(suite.server.dataDir)
    expect(pid).toBeGreaterThan(0)
    process.kill(pid!, 'SIGKILL')

    const alert = win.getByRole('alert')
    await alert.getByText(chatMessages.interrupted).waitFor({ timeout: 30_000 })
    expect(await win.getByText('Typing...').count()).toBe(0)
    expect(await answer.textContent()).toContain('word0 word1 word2')

    fake.configure({ chunkDelayMs: 0 })
    try {
      await alert.getByRole('button', { name: 'Retry' }).click()
      await expect.poll(() => win.locator('[data-role="assistant"]').last().textContent(), { timeout: 30_000 }).toBe(ANSWER)
      await win.getByText('Typing...').waitFor({ state: 'hidden' })
      expect(await win.getByRole('alert').count()).toBe(0)
      // The question was asked once more, not twice: the interrupted attempt made way for it.
      expect(await win.locator('[data-role="user"]').count()).toBe(1)
    } finally {
      fake.configure({ chunkDelayMs: 250 })
    }
  })
})
