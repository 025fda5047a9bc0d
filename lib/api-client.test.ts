import { describe, expect, it } from 'vitest'
import { API_RETRY, ApiError, backoffDelay, getJson, graphqlRequest } from './api-client'

function scripted(answers: (() => Response | Promise<Response>)[]) {
  const calls: string[] = []
  const fetchFn = (async (_url: string | URL | Request, init?: RequestInit) => {
    calls.push(String(init?.body))
    const next = answers[Math.min(calls.length - 1, answers.length - 1)]!
    return next()
  }) as typeof fetch
  return { calls, fetchFn }
}

const ok = () => new Response(JSON.stringify({ data: { ok: true } }), { status: 200 })
const unavailable = () => new Response('busy', { status: 503 })
const offline = () => Promise.reject(new TypeError('fetch failed'))

describe('graphqlRequest', () => {
  it('uses the product fetch defaults: 12 attempts, 250 ms slots, 300000 ms in all', () => {
    expect(API_RETRY).toEqual({ maxAttempts: 12, slotMs: 250, timeoutMs: 300_000 })
  })

  it('retries a query after network failures and 5xx, then answers', async () => {
    const { calls, fetchFn } = scripted([offline, unavailable, ok])
    const data = await graphqlRequest('{ ok }', {}, { fetch: fetchFn, retry: { slotMs: 1 } })
    expect(data).toEqual({ ok: true })
    expect(calls).toHaveLength(3)
  })

  it('gives up after 12 attempts', async () => {
    const { calls, fetchFn } = scripted([unavailable])
    await expect(graphqlRequest('query { ok }', {}, { fetch: fetchFn, retry: { slotMs: 1 } })).rejects.toMatchObject({ code: 'HTTP_503' })
    expect(calls).toHaveLength(12)
  })

  it('never retries a mutation', async () => {
    const { calls, fetchFn } = scripted([unavailable, ok])
    await expect(graphqlRequest('mutation { ok }', {}, { fetch: fetchFn, retry: { slotMs: 1 } })).rejects.toBeInstanceOf(ApiError)
    expect(calls).toHaveLength(1)
  })

  it('does not retry an answer the server decided (Unauthorized)', async () => {
    const denied = () => new Response(JSON.stringify({ errors: [{ message: 'Unauthorized', extensions: { code: 'UNAUTHORIZED' } }], data: null }), { status: 200 })
    const { calls, fetchFn } = scripted([denied])
    await expect(graphqlRequest('{ clients { Username } }', {}, { fetch: fetchFn })).rejects.toMatchObject({ message: 'Unauthorized', code: 'UNAUTHORIZED' })
    expect(calls).toHaveLength(1)
  })

  it('gives up with TIMEOUT when no answer comes before the deadline', async () => {
    const silent = ((_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason), { once: true }))) as typeof fetch
    await expect(graphqlRequest('{ ok }', {}, { fetch: silent, retry: { timeoutMs: 20 } })).rejects.toMatchObject({ code: 'TIMEOUT' })
  })

  it('stops when the caller aborts, without turning it into another error', async () => {
    const controller = new AbortController()
    const { fetchFn } = scripted([offline])
    const pending = graphqlRequest('{ ok }', {}, { fetch: fetchFn, signal: controller.signal, retry: { slotMs: 1000 }, onRetry: () => controller.abort(new Error('left the page')) })
    await expect(pending).rejects.toThrow('left the page')
  })

  it('backs off in 250 ms slots, doubling, capped at 32 slots', () => {
    expect(backoffDelay(1, 250, () => 0.999)).toBe(249)
    expect(backoffDelay(3, 250, () => 0.999)).toBe(999)
    expect(backoffDelay(10, 250, () => 0.999)).toBe(7992)
  })
})

describe('getJson', () => {
  it('retries a read after network failures and 5xx, then answers', async () => {
    const { calls, fetchFn } = scripted([offline, unavailable, ok])
    expect(await getJson('/api/wallet/config', { fetch: fetchFn, retry: { slotMs: 1 } })).toEqual({ data: { ok: true } })
    expect(calls).toHaveLength(3)
  })

  it('does not retry an answer that will not change (404)', async () => {
    const { calls, fetchFn } = scripted([() => new Response('missing', { status: 404 })])
    await expect(getJson('/api/wallet/config', { fetch: fetchFn, retry: { slotMs: 1 } })).rejects.toMatchObject({ code: 'HTTP_404' })
    expect(calls).toHaveLength(1)
  })
})
