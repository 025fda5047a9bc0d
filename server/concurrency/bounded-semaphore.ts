/** Why a caller did not get a slot: the queue was full, or it waited longer than allowed. */
export class SemaphoreBusyError extends Error {
  constructor(readonly reason: 'queue-full' | 'timeout') {
    super(reason === 'queue-full' ? 'Too many callers are waiting' : 'Waited too long for a free slot')
    this.name = 'SemaphoreBusyError'
  }
}

export interface BoundedSemaphoreOptions {
  /** Callers running at once. */
  maxConcurrent: number
  /** Callers allowed to wait for a slot; one more is refused at once. */
  maxQueue: number
  /** How long a caller waits for a slot before it is refused. */
  maxWaitMs: number
}

interface Waiter {
  grant: () => void
  timer: ReturnType<typeof setTimeout>
}

/**
 * At most `maxConcurrent` tasks at once, a bounded first-come queue behind them, and a bounded wait:
 * overload is refused quickly (SemaphoreBusyError) instead of piling up work nobody waits for.
 */
export class BoundedSemaphore {
  private running = 0
  private readonly waiting: Waiter[] = []
  /** The most tasks that ever ran at once since the last resetPeak(). */
  peak = 0

  constructor(private options: BoundedSemaphoreOptions) {
    BoundedSemaphore.check(options)
  }

  private static check({ maxConcurrent, maxQueue, maxWaitMs }: BoundedSemaphoreOptions) {
    if (!Number.isInteger(maxConcurrent) || maxConcurrent < 1) throw new Error('maxConcurrent must be a positive integer')
    if (!Number.isInteger(maxQueue) || maxQueue < 0) throw new Error('maxQueue must be a non-negative integer')
    if (!(maxWaitMs > 0)) throw new Error('maxWaitMs must be positive')
  }

  get limits(): Readonly<BoundedSemaphoreOptions> {
    return this.options
  }

  /** Changes the limits for the callers that come next (those already waiting keep their timers). */
  configure(options: Partial<BoundedSemaphoreOptions>) {
    const next = { ...this.options, ...options }
    BoundedSemaphore.check(next)
    this.options = next
    this.drain()
  }

  get active() {
    return this.running
  }

  get queued() {
    return this.waiting.length
  }

  resetPeak() {
    this.peak = this.running
  }

  /** Runs `task` in a slot; rejects with SemaphoreBusyError when none frees up in time. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire()
    try {
      return await task()
    } finally {
      this.release()
    }
  }

  private acquire(): Promise<void> {
    if (this.running < this.options.maxConcurrent && this.waiting.length === 0) {
      this.take()
      return Promise.resolve()
    }
    if (this.waiting.length >= this.options.maxQueue) return Promise.reject(new SemaphoreBusyError('queue-full'))
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(waiter.timer)
          this.take()
          resolve()
        },
        timer: setTimeout(() => {
          const index = this.waiting.indexOf(waiter)
          if (index >= 0) this.waiting.splice(index, 1)
          reject(new SemaphoreBusyError('timeout'))
        }, this.options.maxWaitMs),
      }
      this.waiting.push(waiter)
    })
  }

  private take() {
    this.running += 1
    if (this.running > this.peak) this.peak = this.running
  }

  private release() {
    this.running -= 1
    this.drain()
  }

  private drain() {
    while (this.running < this.options.maxConcurrent && this.waiting.length > 0) this.waiting.shift()!.grant()
  }
}
