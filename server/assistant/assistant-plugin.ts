import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { AppContext } from '../context/app-context'
import { logDatabaseError } from '../db/database-unavailable'
import type { ServerPlugin } from '../http/plugin'
import { ANSWER_STOPPED_FOR_SHUTDOWN, CHAT_RUNTIME_SERVICE, type ChatRuntime } from '../services/chat/chat-runtime'
import { ABANDONED_ANSWER_SWEEP_MS, ANSWER_LEASE_RENEW_MS } from '../services/chat/chat-types'
import { endAbandonedAnswers } from '../services/chat/end-abandoned-answers'
import { STREAM_PART_PRUNE_INTERVAL_MS, pruneStreamParts } from '../services/chat/prune-stream-parts'
import { renewAnswerLeases } from '../services/chat/renew-answer-leases'
import { createEngine } from './create-engine'

const TIMERS_SERVICE = 'chatTimers'
interface ChatTimers {
  pruneFirst: NodeJS.Timeout
  pruneEvery: NodeJS.Timeout
  stopLoops(): Promise<void>
}

/**
 * Builds the assistant engine once at start and stops unfinished answers at shutdown. While the
 * server runs, it renews the leases of the answers this process produces, ends answers whose producer
 * stopped renewing theirs (from the first moment: a process restarted after a crash ends what its
 * previous life left), and deletes stored answer parts past their retention: a minute after start,
 * then hourly.
 */
export const assistantPlugin: ServerPlugin = {
  name: 'assistant',
  async setup(ctx) {
    const engine = await createEngine(ctx.env)
    const producer = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
    const runtime: ChatRuntime = { engine, producer, running: new Map() }
    ctx.services[CHAT_RUNTIME_SERVICE] = runtime
    ctx.log.info({ engine: engine.name }, 'chat assistant ready')
    const prune = () =>
      pruneStreamParts()
        .then((rows) => rows && ctx.log.info({ rows }, 'chat: deleted answer parts past their retention'))
        .catch((error: Error) => ctx.log.warn({ err: error }, 'chat: could not prune answer parts'))
    const renewing = repeat(ctx, 'could not renew the leases of its answers', renewAnswerLeases, ANSWER_LEASE_RENEW_MS)
    const sweeping = repeat(ctx, 'could not look for abandoned answers', endAbandonedAnswers, ABANDONED_ANSWER_SWEEP_MS)
    ctx.services[TIMERS_SERVICE] = {
      pruneFirst: setTimeout(prune, 60_000).unref(),
      pruneEvery: setInterval(prune, STREAM_PART_PRUNE_INTERVAL_MS).unref(),
      stopLoops: async () => void (await Promise.all([renewing(), sweeping()])),
    } satisfies ChatTimers
  },
  async stop(ctx) {
    const timers = ctx.services[TIMERS_SERVICE] as ChatTimers | undefined
    if (timers) {
      clearTimeout(timers.pruneFirst)
      clearInterval(timers.pruneEvery)
      await timers.stopLoops()
    }
    const runtime = ctx.services[CHAT_RUNTIME_SERVICE] as ChatRuntime | undefined
    if (!runtime) return
    // Each ends with "interrupted" (Retry in the browser), and gives its lease up.
    const running = [...runtime.running.values()]
    for (const r of running) r.abort.abort(ANSWER_STOPPED_FOR_SHUTDOWN)
    await Promise.allSettled(running.map((r) => r.done))
  },
}

/**
 * Runs `task` now and then every `everyMs` after the previous run ended (a slow database never piles
 * runs up); while it keeps failing (the database is down) it says so once, and again when it works.
 * Returns a function that stops it and resolves once no run is under way.
 */
function repeat(ctx: AppContext, failure: string, task: () => Promise<unknown>, everyMs: number): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let failing = false
  let current: Promise<void> = Promise.resolve()
  const tick = () => {
    current = task()
      .then(
        () => {
          if (failing) ctx.log.info(`chat: ${failure.replace(/^could not/, 'can')} again`)
          failing = false
        },
        (error: unknown) => {
          // The database going away as this process stops (Ctrl-C stops both) is the expected end.
          if (!failing) logDatabaseError(ctx.log, error, () => stopped || ctx.lifecycle.draining, `chat: ${failure}`)
          failing = true
        },
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, everyMs).unref()
      })
  }
  tick()
  return async () => {
    stopped = true
    clearTimeout(timer)
    await current
  }
}
