import { createAnthropic } from '@ai-sdk/anthropic'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { streamText, type LanguageModel } from 'ai'
import type { AssistantEngine } from '../services/chat/assistant-engine'
import { questionTerms } from './knowledge/compose-answer'
import type { KnowledgeIndex } from './knowledge/create-knowledge-index'
import type { KnowledgeDocument } from './knowledge/knowledge-document'
import { buildSystemPrompt } from './prompts/system-prompt'

export interface LlmEngineOptions {
  provider: 'openai-compatible' | 'anthropic'
  baseUrl?: string
  apiKey?: string
  model: string
  index: KnowledgeIndex
  /** Retries of a failed provider call; 0 in tests so a failing provider fails at once. */
  maxRetries?: number
}

/** The provider's failure as the client may see it: no key, URL or stack, just what went wrong. */
class AssistantProviderError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AssistantProviderError'
  }
}

const HISTORY_TURNS = 12
const CONTEXT_PASSAGES = 6

/** Answers through a model (AI SDK), grounded in the same passages the site-knowledge engine retrieves. */
export function createLlmEngine(options: LlmEngineOptions): AssistantEngine {
  const model: LanguageModel =
    options.provider === 'anthropic'
      ? createAnthropic({ apiKey: options.apiKey, ...(options.baseUrl ? { baseURL: options.baseUrl } : {}) })(options.model)
      : createOpenAICompatible({ name: 'llm', baseURL: options.baseUrl!, apiKey: options.apiKey })(options.model)

  return {
    name: options.provider,
    async *answer({ question, history, signal }) {
      const passages = retrievePassages(options.index, question, history)
      const result = streamText({
        model,
        instructions: buildSystemPrompt(passages),
        messages: [...history.slice(-HISTORY_TURNS).map((t) => ({ role: t.role, content: t.text })), { role: 'user' as const, content: question }],
        maxRetries: options.maxRetries ?? 2,
        abortSignal: signal,
        // The default handler prints to the console; the error is surfaced below as a stream error.
        onError: () => {},
      })
      // fullStream rather than textStream: textStream ends quietly on a provider error, and the
      // chat must show that error instead of a cut-off answer.
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') {
          if (part.text) yield part.text
        } else if (part.type === 'error') {
          throw new AssistantProviderError(describeProviderError(part.error))
        } else if (part.type === 'abort') {
          throw new AssistantProviderError('The answer was interrupted.')
        }
      }
    },
  }
}

function retrievePassages(index: KnowledgeIndex, question: string, history: { role: string; text: string }[]): KnowledgeDocument[] {
  const previous = [...history].reverse().find((t) => t.role === 'user')?.text ?? ''
  const query = questionTerms(question).length <= 3 && previous ? `${previous} ${question}` : question
  return index.search(query).slice(0, CONTEXT_PASSAGES).map((r) => ({ id: r.id, title: r.title, url: r.url, text: r.text }))
}

function describeProviderError(error: unknown): string {
  // After its retries the AI SDK wraps the last failure in a RetryError.
  const last = (error as { lastError?: unknown } | null)?.lastError ?? error
  const status = (last as { statusCode?: number } | null)?.statusCode
  if (status === 401 || status === 403) return 'The assistant model refused the request (authentication).'
  if (status === 429) return 'The assistant model is busy. Please try again in a moment.'
  if (status && status >= 500) return 'The assistant model is unavailable. Please try again later.'
  return 'The assistant could not produce an answer. Please try again later.'
}
