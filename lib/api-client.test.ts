import { describe, expect, it } from 'vitest'
import { API_RETRY, ApiError, backoffDelay, graphqlRequest } from './api-client'

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
  it('uses the constants of SPEC.md section 9', () => {
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

  it('backs off in 250 ms slots, doubling, capped at 32 slots', () => {
    expect(backoffDelay(1, 250, () => 0.999)).toBe(249)
    expect(backoffDelay(3, 250, () => 0.999)).toBe(999)
    expect(backoffDelay(10, 250, () => 0.999)).toBe(7992)
  })
})
