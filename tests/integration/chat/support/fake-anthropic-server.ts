import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeAnthropicServer {
  /** Base URL for LLM_BASE_URL (ends in /v1). */
  baseUrl: string
  requests: { model: string; system?: unknown; messages: { role: string; content: unknown }[]; headers: Record<string, string | string[] | undefined> }[]
  close(): Promise<void>
}

/** Anthropic's Messages API on loopback, streaming its server-sent events (message_start ... message_stop). */
export async function startFakeAnthropicServer(answer: string): Promise<FakeAnthropicServer> {
  const requests: FakeAnthropicServer['requests'] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/messages')) {
        res.writeHead(404).end()
        return
      }
      requests.push({ ...JSON.parse(body), headers: req.headers })
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
      send('message_start', {
        type: 'message_start',
        message: { id: 'msg_1', type: 'message', role: 'assistant', content: [], model: 'fake-claude', stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1 } },
      })
      send('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } })
      for (const word of answer.match(/\S+\s*/g) ?? []) send('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: word } })
      send('content_block_stop', { type: 'content_block_stop', index: 0 })
      send('message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 12 } })
      send('message_stop', { type: 'message_stop' })
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
