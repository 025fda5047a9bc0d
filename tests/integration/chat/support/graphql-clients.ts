import { createClient, type Client } from 'graphql-ws/client'
import WebSocket from 'ws'
import type { ChatStreamPart } from '../../../../lib/chat-schema'

const STREAM = `subscription ($conversationId: ID!, $afterSeq: Int) {
  onChatStreamPart(conversationId: $conversationId, afterSeq: $afterSeq) {
    id seq conversationId associatedUserMessageId contentBlockIndex contentBlockDeltaIndex contentBlockDoneAtIndex contentBlockText stopReason errors { message errorType }
  }
}`

/** POST /graphql with the session cookie (or as a guest), from the site's own origin as its pages send it. */
export async function gql<T = Record<string, unknown>>(baseUrl: string, cookie: string | null, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ query, variables }),
  })
  return (await res.json()) as { data?: T; errors?: { message: string; extensions?: { code?: string } }[] }
}

/** A graphql-ws client on the server's own port, authenticated by the session cookie of the upgrade request. */
export function wsClient(baseUrl: string, cookie: string | null, headers: Record<string, string> = {}): Client {
  class CookieWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers: { ...(cookie ? { cookie } : {}), ...headers } })
    }
  }
  return createClient({ url: baseUrl.replace(/^http/, 'ws') + '/graphql', webSocketImpl: CookieWebSocket, retryAttempts: 0, lazy: true })
}

export interface StreamReader {
  parts: ChatStreamPart[]
  /** Resolves with the parts once one satisfies `until`. */
  waitFor(until: (p: ChatStreamPart) => boolean, timeoutMs?: number): Promise<ChatStreamPart[]>
  error: Promise<unknown>
  stop(): void
}

export function readStream(client: Client, conversationId: string, afterSeq: number | null): StreamReader {
  const parts: ChatStreamPart[] = []
  const waiters: { until: (p: ChatStreamPart) => boolean; resolve: (v: ChatStreamPart[]) => void }[] = []
  let rejectError: (e: unknown) => void = () => {}
  const error = new Promise<unknown>((resolve) => (rejectError = resolve))
  const stop = client.subscribe<{ onChatStreamPart: ChatStreamPart }>(
    { query: STREAM, variables: { conversationId, afterSeq } },
    {
      next: (r) => {
        if (r.errors?.length) return rejectError(r.errors)
        const part = r.data!.onChatStreamPart
        parts.push(part)
        for (const w of [...waiters]) if (w.until(part)) w.resolve([...parts])
      },
      error: (e) => rejectError(e),
      complete: () => {},
    },
  )
  return {
    parts,
    error,
    stop,
    waitFor(until, timeoutMs = 20_000) {
      if (parts.some(until)) return Promise.resolve([...parts])
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`stream wait timed out; got ${parts.length} parts`)), timeoutMs)
        waiters.push({ until, resolve: (v) => (clearTimeout(timer), resolve(v)) })
      })
    },
  }
}
