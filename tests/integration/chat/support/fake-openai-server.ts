import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeOpenAiServer {
  /** Base URL for LLM_BASE_URL (ends in /v1). */
  baseUrl: string
  /** Bodies of the chat.completions requests received, parsed. */
  requests: { model: string; stream: boolean; messages: { role: string; content: unknown }[] }[]
  /** Switches between answering and failing for the next requests. */
  setMode(mode: FakeOpenAiOptions['mode']): void
  /** Changes how the next requests are answered (the answer, its pace). */
  configure(options: Partial<FakeOpenAiOptions>): void
  close(): Promise<void>
}

export interface FakeOpenAiOptions {
  /** 'ok' streams `answer` in parts; 'fail' answers 500 with an OpenAI-style error body. */
  mode: 'ok' | 'fail'
  answer?: string
  /** Words per SSE chunk and the pause between chunks. */
  wordsPerChunk?: number
  chunkDelayMs?: number
}

/**
 * An OpenAI-compatible chat.completions endpoint on loopback that streams server-sent events the
 * way OpenAI, Ollama and vLLM do, so the model engine is tested over real HTTP.
 */
export async function startFakeOpenAiServer(initial: FakeOpenAiOptions): Promise<FakeOpenAiServer> {
  const options = { ...initial }
  const requests: FakeOpenAiServer['requests'] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', async () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end()
        return
      }
      requests.push(JSON.parse(body))
      if (options.mode === 'fail') {
        res.writeHead(500, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: { message: 'model crashed', type: 'server_error', code: 'internal_error' } }))
        return
      }
      // A server killed mid-answer leaves this stream without a reader: stop writing to it.
      let gone = false
      res.on('close', () => (gone = true))
      res.on('error', () => (gone = true))
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' })
      const id = `chatcmpl-${Date.now()}`
      const created = Math.floor(Date.now() / 1000)
      const send = (delta: Record<string, unknown>, finish: string | null = null) =>
        res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: 'fake-model', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`)
      send({ role: 'assistant', content: '' })
      const words = (options.answer ?? 'Hello from the fake model.').match(/\S+\s*/g) ?? []
      const per = options.wordsPerChunk ?? 2
      for (let i = 0; i < words.length; i += per) {
        if (gone) return
        send({ content: words.slice(i, i + per).join('') })
        if (options.chunkDelayMs) await new Promise((r) => setTimeout(r, options.chunkDelayMs))
      }
      if (gone) return
      send({}, 'stop')
      res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: 'fake-model', choices: [], usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 } })}\n\n`)
      res.end('data: [DONE]\n\n')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    setMode: (mode) => {
      options.mode = mode
    },
    configure: (changes) => {
      Object.assign(options, changes)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The settings that make an instance answer chat from the fake model at `fake`. */
export function fakeModelEnv(fake: Pick<FakeOpenAiServer, 'baseUrl'>): Record<string, string> {
  return { LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-model' }
}
