import type { Env } from '../core/env'
import { createKnowledgeEngine } from './create-knowledge-engine'
import { createLlmEngine } from './create-llm-engine'
import type { AssistantEngine } from '../services/chat/assistant-engine'

/** The engine the configuration asks for: a model when LLM_PROVIDER is set, the site's own knowledge otherwise. */
export async function createEngine(env: Pick<Env, 'LLM_PROVIDER' | 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL'>): Promise<AssistantEngine> {
  const knowledge = await createKnowledgeEngine()
  if (!env.LLM_PROVIDER) return knowledge
  return createLlmEngine({ provider: env.LLM_PROVIDER, baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL!, index: knowledge.index })
}
