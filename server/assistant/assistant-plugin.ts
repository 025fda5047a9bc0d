import type { ServerPlugin } from '../http/plugin'
import { CHAT_RUNTIME_SERVICE, type ChatRuntime } from '../services/chat/chat-runtime'
import { STREAM_PART_PRUNE_INTERVAL_MS, pruneStreamParts } from '../services/chat/prune-stream-parts'
import { createEngine } from './create-engine'

const PRUNING_SERVICE = 'chatPruning'
interface PruningTimers {
  first: NodeJS.Timeout
  every: NodeJS.Timeout
}

/**
 * Builds the assistant engine once at start and stops unfinished answers at shutdown. While the
 * server runs, it deletes stored answer parts past their retention: a minute after start, then hourly.
 */
export const assistantPlugin: ServerPlugin = {
  name: 'assistant',
  async setup(ctx) {
    const engine = await createEngine(ctx.env)
    const runtime: ChatRuntime = { engine, running: new Map() }
    ctx.services[CHAT_RUNTIME_SERVICE] = runtime
    ctx.log.info({ engine: engine.name }, 'chat assistant ready')
    const prune = () =>
      pruneStreamParts()
        .then((rows) => rows && ctx.log.info({ rows }, 'chat: deleted answer parts past their retention'))
        .catch((error: Error) => ctx.log.warn({ err: error }, 'chat: could not prune answer parts'))
    const timers: PruningTimers = { first: setTimeout(prune, 60_000).unref(), every: setInterval(prune, STREAM_PART_PRUNE_INTERVAL_MS).unref() }
    ctx.services[PRUNING_SERVICE] = timers
  },
  async stop(ctx) {
    const timers = ctx.services[PRUNING_SERVICE] as PruningTimers | undefined
    if (timers) {
      clearTimeout(timers.first)
      clearInterval(timers.every)
    }
    const runtime = ctx.services[CHAT_RUNTIME_SERVICE] as ChatRuntime | undefined
    if (!runtime) return
    const running = [...runtime.running.values()]
    for (const r of running) r.abort.abort()
    await Promise.allSettled(running.map((r) => r.done))
  },
}
