import type { AssistantEngine } from './assistant-engine'
import { getAppContext } from '../../context/app-context'

/**
 * What the chat keeps while the server runs: the engine, the name this process holds answers' leases
 * under, and the answers being produced (so shutdown can stop them, and a lost lease too). Lives in
 * ctx.services (docs/decisions/001), registered by the assistant plugin.
 */
export interface ChatRuntime {
  engine: AssistantEngine
  /** This process as the producer of answers (host, pid and a random part): unique to one process's life. */
  producer: string
  /** Answers in progress, by user message id. */
  running: Map<string, { abort: AbortController; done: Promise<void> }>
}

export const CHAT_RUNTIME_SERVICE = 'chat'

/** Why an answer's engine was stopped: the process is shutting down, or another process ended the answer. */
export const ANSWER_STOPPED_FOR_SHUTDOWN = 'shutdown'
export const ANSWER_LEASE_LOST = 'lease lost'

export function getChatRuntime(): ChatRuntime {
  const runtime = getAppContext().services[CHAT_RUNTIME_SERVICE] as ChatRuntime | undefined
  if (!runtime) throw new Error('The chat assistant is not registered (assistant plugin missing).')
  return runtime
}
