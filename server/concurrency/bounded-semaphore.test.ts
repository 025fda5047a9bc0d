import { afterEach, describe, expect, it, vi } from 'vitest'
import { BoundedSemaphore, SemaphoreBusyError } from './bounded-semaphore'

/** A task that runs until the test lets it finish. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, task: () => opened }
}

describe('BoundedSemaphore', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('runs at most maxConcurrent tasks at once, the rest in arrival order', async () => {
    const semaphore = new BoundedSemaphore({ maxConcurrent: 2, maxQueue: 10, maxWaitMs: 60_000 })
    const gates = Array.from({ length: 5 }, gate)
    const order: number[] = []
    const runs = gates.map((g, i) => semaphore.run(async () => (order.push(i), g.task())))
    await Promise.resolve()
    expect(order).toEqual([0, 1])
    expect(semaphore.active).toBe(2)
    expect(semaphore.queued).toBe(3)
    for (const g of gates) {
      g.open()
      await new Promise((r) => setImmediate(r))
    }
    await Promise.all(runs)
    expect(order).toEqual([0, 1, 2, 3, 4])
    expect(semaphore.peak).toBe(2)
    expect(semaphore.active).toBe(0)
  })

  it('refuses a caller at once when the queue is full', async () => {
    const semaphore = new BoundedSemaphore({ maxConcurrent: 1, maxQueue: 1, maxWaitMs: 60_000 })
    const g = gate()
    const first = semaphore.run(g.task)
    const second = semaphore.run(async () => 'second')
    await expect(semaphore.run(async () => 'third')).rejects.toEqual(new SemaphoreBusyError('queue-full'))
    g.open()
    await first
    await expect(second).resolves.toBe('second')
  })

  it('refuses a caller that waited longer than maxWaitMs, and frees its place in the queue', async () => {
    vi.useFakeTimers()
    const semaphore = new BoundedSemaphore({ maxConcurrent: 1, maxQueue: 1, maxWaitMs: 5_000 })
    const g = gate()
    const first = semaphore.run(g.task)
    const waiting = semaphore.run(async () => 'late')
    const refused = expect(waiting).rejects.toEqual(new SemaphoreBusyError('timeout'))
    await vi.advanceTimersByTimeAsync(5_000)
    await refused
    expect(semaphore.queued).toBe(0)
    const next = semaphore.run(async () => 'next')
    g.open()
    await first
    await expect(next).resolves.toBe('next')
  })

  it('releases the slot when a task throws', async () => {
    const semaphore = new BoundedSemaphore({ maxConcurrent: 1, maxQueue: 0, maxWaitMs: 1_000 })
    await expect(semaphore.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await expect(semaphore.run(async () => 'again')).resolves.toBe('again')
  })
})
