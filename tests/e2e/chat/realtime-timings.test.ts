import type { Page, WebSocketRoute } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { realtimeTimings } from '../../../lib/chat-schema'
import { site } from '../../../lib/site'
import { browserSuite } from '../../setup/browser-suite'
import { startSmtpReceiver } from '../../setup/smtp-receiver'
import { startedForSuite } from '../../setup/started-for-suite'
import { seedUser, signInContext } from '../dashboard/seed'

// The chat socket's timings on a controlled clock: a socket whose pongs
// stop coming is dropped after 65 s and reopened 5 s later; a subscription that is not acknowledged
// within 15 s is made again. The socket itself runs through a route that can hold messages back.
const GREETING = `Hi! I'm your ${site.companyName} assistant. How can I help you today?`
const TITLE = `${site.companyName} Assistant`
const run = Date.now().toString(36)

type Message = { type: string; id?: string; payload?: { data?: { onChatStreamPart?: { id: string } } } }
const parse = (data: string | Buffer): Message => JSON.parse(typeof data === 'string' ? data : data.toString('utf8')) as Message

interface SocketLog {
  opened: number
  closedByPage: number[]
  subscribes: number
  /** Subscription start acknowledgements passed on to the page. */
  acks: number
}

const isStartAck = (message: Message) => message.type === 'next' && message.payload?.data?.onChatStreamPart?.id === 'start_ack'

/** Passes the chat socket through, except the server messages `drop` says to hold back. */
async function routeChatSocket(page: Page, drop: (message: Message, socketIndex: number) => boolean): Promise<SocketLog> {
  const log: SocketLog = { opened: 0, closedByPage: [], subscribes: 0, acks: 0 }
  await page.routeWebSocket(/\/graphql$/, (ws: WebSocketRoute) => {
    const index = log.opened++
    const server = ws.connectToServer()
    ws.onMessage((data) => {
      if (parse(data).type === 'subscribe') log.subscribes++
      server.send(data)
    })
    server.onMessage((data) => {
      const message = parse(data)
      if (drop(message, index)) return
      if (isStartAck(message)) log.acks++
      ws.send(data)
    })
    let closed = false
    ws.onClose((code) => {
      if (!closed) log.closedByPage.push(code ?? 0)
      closed = true
      server.close()
    })
  })
  return log
}

/** Waits until `count` start acknowledgements reached the page, and gives the page a moment to read them. */
async function acknowledged(page: Page, log: SocketLog, count: number) {
  await expect.poll(() => log.acks).toBe(count)
  await page.waitForTimeout(200)
}

describe('chat socket timings', () => {
  const mail = startedForSuite(startSmtpReceiver, (started) => started.close())
  const suite = browserSuite({ server: () => ({ env: { SMTP_URL: mail().url, MAIL_FROM: 'portal@example.com' } }) })

  async function openChat(name: string, drop: (message: Message, socketIndex: number) => boolean) {
    const user = await seedUser(suite.server, `chat-${name}-${run}@example.com`)
    const { page, context } = await suite.newPage()
    await page.clock.install()
    const log = await routeChatSocket(page, drop)
    await signInContext(context, suite.server.url, user)
    await page.goto(suite.server.url + '/?chat=open')
    const win = page.getByRole('dialog', { name: TITLE })
    await win.getByText(GREETING).waitFor()
    await expect.poll(() => log.subscribes).toBe(1)
    return { page, win, log }
  }

  it('drops a socket whose pong has not come 65 s after its ping, says "Reconnecting…", and reconnects 5 s later', async () => {
    // The first socket never hears a pong; the next one does.
    const { page, win, log } = await openChat('pong', (message, socket) => message.type === 'pong' && socket === 0)
    // The subscription is acknowledged (in real time) before the clock moves, or its own 15 s timer would fire.
    await acknowledged(page, log, 1)
    // The first ping goes out after 5 s.
    await page.clock.runFor(realtimeTimings.keepAliveMs)
    await page.clock.runFor(realtimeTimings.keepAliveMissedMs - 1_000)
    expect(log.closedByPage).toEqual([])
    await page.clock.runFor(2_000)
    await expect.poll(() => log.closedByPage).toEqual([4408])
    await win.getByRole('status').getByText('Reconnecting…').waitFor()
    expect(log.opened).toBe(1)
    await page.clock.runFor(realtimeTimings.reconnectFirstMs + 500)
    await expect.poll(() => log.opened).toBe(2)
    await win.getByRole('status').waitFor({ state: 'hidden' })
    // The conversation is listened to again on the new socket.
    await expect.poll(() => log.subscribes).toBe(2)
    await acknowledged(page, log, 2)
    // Pongs come back now: the new socket stays open across several keep-alive rounds (each ping
    // is given real time for its pong before the clock moves on).
    for (let elapsed = 0; elapsed < realtimeTimings.keepAliveMissedMs * 2; elapsed += realtimeTimings.keepAliveMs) {
      await page.clock.runFor(realtimeTimings.keepAliveMs)
      await page.waitForTimeout(100)
    }
    expect(log.closedByPage).toEqual([4408])
    expect(log.opened).toBe(2)
    expect(suite.tracked!.errors).toEqual([])
  })

  it('subscribes again when the subscription is not acknowledged within 15 s', async () => {
    // The server's start acknowledgement of the first subscription is held back.
    let held = 0
    const { page, win, log } = await openChat('ack', (message) => {
      if (!isStartAck(message) || held > 0) return false
      held++
      return true
    })
    await expect.poll(() => held).toBe(1)
    await page.clock.runFor(realtimeTimings.subscriptionAckTimeoutMs - 1_000)
    expect(log.subscribes).toBe(1)
    await page.clock.runFor(2_000)
    await win.getByRole('status').getByText('Reconnecting…').waitFor()
    await page.clock.runFor(realtimeTimings.reconnectFirstMs + 500)
    await expect.poll(() => log.subscribes).toBe(2)
    await win.getByRole('status').waitFor({ state: 'hidden' })
    await acknowledged(page, log, 1)
    // The second subscription was acknowledged: no further attempts.
    await page.clock.runFor(realtimeTimings.subscriptionAckTimeoutMs * 2)
    expect(log.subscribes).toBe(2)
    expect(suite.tracked!.errors).toEqual([])
  })
})
