import type { ServerPlugin } from '../http/plugin'
import { CHAT_RUNTIME_SERVICE, type ChatRuntime } from '../services/chat/chat-runtime'
import { createEngine } from './create-engine'

/** Builds the assistant engine once at start and stops unfinished answers at shutdown. */
export const assistantPlugin: ServerPlugin = {
  name: 'assistant',
  async setup(ctx) {
    const engine = await createEngine(ctx.env)
    const runtime: ChatRuntime = { engine, running: new Map() }
    ctx.services[CHAT_RUNTIME_SERVICE] = runtime
    ctx.log.info({ engine: engine.name }, 'chat assistant ready')
  },
  async stop(ctx) {
    const runtime = ctx.services[CHAT_RUNTIME_SERVICE] as ChatRuntime | undefined
    if (!runtime) return
    const running = [...runtime.running.values()]
    for (const r of running) r.abort.abort()
    await Promise.allSettled(running.map((r) => r.done))
  },
}
