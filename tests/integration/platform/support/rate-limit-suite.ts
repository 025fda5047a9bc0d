import { randomUUID } from 'node:crypto'
import { expect, it } from 'vitest'
import { consumeRateLimit } from '../../../../server/rate-limit/consume-rate-limit'

/** The rate limiter's behaviour, run against whichever store the current context uses. */
export function defineRateLimitTests() {
  it('allows `limit` hits per window, then refuses with a Retry-After', async () => {
    const key = `test:${randomUUID()}`
    const results = []
    for (let i = 0; i < 4; i++) results.push(await consumeRateLimit({ key, limit: 3, windowMs: 60_000 }))
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false])
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0])
    expect(results[0]!.retryAfterSeconds).toBe(0)
    expect(results[3]!.retryAfterSeconds).toBeGreaterThanOrEqual(59)
    expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60)
  })

  it('keeps keys apart', async () => {
    const a = `test:${randomUUID()}`
    const b = `test:${randomUUID()}`
    expect((await consumeRateLimit({ key: a, limit: 1, windowMs: 60_000 })).allowed).toBe(true)
    expect((await consumeRateLimit({ key: a, limit: 1, windowMs: 60_000 })).allowed).toBe(false)
    expect((await consumeRateLimit({ key: b, limit: 1, windowMs: 60_000 })).allowed).toBe(true)
  })

  it('starts a new window once the old one has passed', async () => {
    const key = `test:${randomUUID()}`
    expect((await consumeRateLimit({ key, limit: 1, windowMs: 300 })).allowed).toBe(true)
    const refused = await consumeRateLimit({ key, limit: 1, windowMs: 300 })
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 1 })
    await new Promise((r) => setTimeout(r, 400))
    expect(await consumeRateLimit({ key, limit: 1, windowMs: 300 })).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 })
  })

  it('counts concurrent hits atomically', async () => {
    const key = `test:${randomUUID()}`
    const results = await Promise.all(Array.from({ length: 40 }, () => consumeRateLimit({ key, limit: 10, windowMs: 60_000 })))
    expect(results.filter((r) => r.allowed)).toHaveLength(10)
    expect(results.map((r) => r.remaining).sort((x, y) => x - y).slice(-10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
  })

  it('rejects a nonsensical limit or window', async () => {
    await expect(consumeRateLimit({ key: 'x', limit: -1, windowMs: 1000 })).rejects.toThrow(/limit/)
    await expect(consumeRateLimit({ key: 'x', limit: 1, windowMs: 0 })).rejects.toThrow(/windowMs/)
  })
}
