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

/**
 * `rest`, with a field for each of `keys` that reads, each time, that field of what `current` gives:
 * an object handed out when a describe block is declared answers for what its hooks start later.
 */
export function readingThrough<T, K extends keyof T, R extends object>(current: () => T, keys: readonly K[], rest: R): R & Pick<T, K> {
  for (const key of keys) Object.defineProperty(rest, key, { get: () => current()[key], enumerable: true })
  return rest as R & Pick<T, K>
}
