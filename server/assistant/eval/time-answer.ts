import { performance } from 'node:perf_hooks'
import type { AssistantEngine } from '../../services/chat/assistant-engine'

/** A question answered in full: the answer, and the milliseconds to its first streamed part and to its end. */
export interface TimedAnswer {
  answer: string
  firstPartMs: number
  wholeMs: number
}

/** Asks the engine one question (no history) and reads the whole answer, timing its first part and its end. */
export async function timeAnswer(engine: AssistantEngine, question: string): Promise<TimedAnswer> {
  const started = performance.now()
  let answer = ''
  let firstPartMs = 0
  for await (const part of engine.answer({ question, history: [] })) {
    if (!answer) firstPartMs = performance.now() - started
    answer += part
  }
  return { answer, firstPartMs, wholeMs: performance.now() - started }
}

/** The p-th percentile of some timings (nearest rank), in milliseconds to two places. */
export function percentile(ms: readonly number[], p: number): string {
  const sorted = [...ms].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(2)
}
