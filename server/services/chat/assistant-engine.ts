/** One turn of the conversation so far, as plain text. */
export interface AssistantTurn {
  role: 'user' | 'assistant'
  text: string
}

export interface AnswerOptions {
  question: string
  /** Earlier turns, oldest first (without the question being answered). */
  history: AssistantTurn[]
  signal?: AbortSignal
}

/**
 * Something that answers a client's question as a stream of text deltas. A thrown error (before or
 * during the stream) is a stream error: the chat service stores it as a part with `errors`.
 */
export interface AssistantEngine {
  name: 'site-knowledge' | 'openai-compatible' | 'anthropic'
  answer(options: AnswerOptions): AsyncIterable<string>
}
