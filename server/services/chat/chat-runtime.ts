import type { AssistantEngine } from '../../assistant/engine'
import { getAppContext } from '../../context'

/**
 * What the chat keeps while the server runs: the engine and the answers being produced (so shutdown
 * can stop them). Lives in ctx.services (docs/decisions/001), registered by the assistant plugin.
 */
export interface ChatRuntime {
  engine: AssistantEngine
  /** Answers in progress, by user message id. */
  running: Map<string, { abort: AbortController; done: Promise<void> }>
}

export const CHAT_RUNTIME_SERVICE = 'chat'

export function getChatRuntime(): ChatRuntime {
  const runtime = getAppContext().services[CHAT_RUNTIME_SERVICE] as ChatRuntime | undefined
  if (!runtime) throw new Error('The chat assistant is not registered (assistant plugin missing).')
  return runtime
}
