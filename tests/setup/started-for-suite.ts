import { afterAll, beforeAll } from 'vitest'

/**
 * Starts what the tests of a describe block share before the first of them and stops it after the
 * last. Call it inside `describe`; the function it returns gives what was started, inside a hook or a
 * test.
 */
export function startedForSuite<T>(start: () => Promise<T>, stop: (started: T) => Promise<void> | void): () => T {
  let started: T | undefined
  beforeAll(async () => {
    started = await start()
  })
  afterAll(async () => {
    if (started !== undefined) await stop(started)
  })
  return () => {
    if (started === undefined) throw new Error('Started before the first test of its describe block: use it inside a hook or a test')
    return started
  }
}
