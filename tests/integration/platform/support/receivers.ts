import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import pino from 'pino'

export interface WebhookReceiver {
  url: string
  /** Every request body received, accepted or not. */
  requests: unknown[]
  /** Bodies the receiver answered 2xx to: what "arrived". */
  accepted: unknown[]
  close(): Promise<void>
}

/**
 * A local stand-in for Discord's webhook endpoint. `respond` decides the status of the n-th request
 * (0-based) and may delay the answer. `port` listens on a given port (to come back where it was).
 */
export async function startWebhookReceiver(
  respond: (n: number) => { status: number; delayMs?: number; body?: unknown } = () => ({ status: 204 }),
  { port: wantedPort = 0 }: { port?: number } = {},
): Promise<WebhookReceiver> {
  const requests: unknown[] = []
  const accepted: unknown[] = []
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown
    const n = requests.length
    requests.push(body)
    const answer = respond(n)
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs))
    if (answer.status >= 200 && answer.status < 300) accepted.push(body)
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.status >= 300 ? JSON.stringify(answer.body ?? { message: 'try later' }) : undefined)
  })
  await new Promise<void>((resolve) => server.listen(wantedPort, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/api/webhooks/1/token`,
    requests,
    accepted,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

// The SMTP receiver is shared with the browser tests and the benches.
export { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../../../setup/smtp-receiver'

/** A pino logger whose lines are kept for assertions. */
export function createCapturingLogger() {
  const lines: Array<Record<string, unknown>> = []
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>)
      done()
    },
  })
  return { log: pino({ level: 'debug', base: undefined }, stream), lines }
}
