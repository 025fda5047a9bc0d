import type { AssistantEngine } from '../services/chat/assistant-engine'
import { collectDocuments } from './knowledge/collect-documents'
import { composeAnswer } from './knowledge/compose-answer'
import { createKnowledgeIndex, type KnowledgeIndex } from './knowledge/create-knowledge-index'

export interface KnowledgeEngineOptions {
  /** Pause between streamed parts, so the answer reads as it arrives (0 in the evaluation). */
  partDelayMs?: number
  /** Words per streamed part. */
  wordsPerPart?: number
  index?: KnowledgeIndex
}

/** The default engine: no key, no network; answers from the site's own content. */
export async function createKnowledgeEngine(options: KnowledgeEngineOptions = {}): Promise<AssistantEngine & { index: KnowledgeIndex }> {
  const index = options.index ?? createKnowledgeIndex(await collectDocuments())
  const delay = options.partDelayMs ?? 25
  const wordsPerPart = options.wordsPerPart ?? 4
  return {
    name: 'site-knowledge',
    index,
    async *answer({ question, history, signal }) {
      const { text } = composeAnswer(index, question, history)
      // Split on spaces but keep them, so the parts concatenate back to the exact text.
      const words = text.match(/\S+\s*/g) ?? [text]
      for (let i = 0; i < words.length; i += wordsPerPart) {
        signal?.throwIfAborted()
        if (i > 0 && delay > 0) await new Promise((r) => setTimeout(r, delay))
        yield words.slice(i, i + wordsPerPart).join('')
      }
    },
  }
}
