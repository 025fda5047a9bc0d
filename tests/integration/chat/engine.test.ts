import { afterEach, describe, expect, it } from 'vitest'
import { createKnowledgeEngine } from '../../../server/assistant/create-knowledge-engine'
import { createLlmEngine } from '../../../server/assistant/create-llm-engine'
import { evalQuestions } from '../../../server/assistant/eval/questions'
import { scoreAnswer } from '../../../server/assistant/eval/score-answer'
import { startFakeAnthropicServer } from './support/fake-anthropic-server'
import { startFakeOpenAiServer, type FakeOpenAiServer } from './support/fake-openai-server'

async function collect(parts: AsyncIterable<string>) {
  const all: string[] = []
  for await (const p of parts) all.push(p)
  return all
}

describe('site-knowledge engine', () => {
  it('answers the evaluation set with the facts the site states', async () => {
    const engine = await createKnowledgeEngine({ partDelayMs: 0 })
    expect(evalQuestions.length).toBeGreaterThanOrEqual(40)
    const failures: string[] = []
    const contentFailures: string[] = []
    for (const q of evalQuestions) {
      const answer = (await collect(engine.answer({ question: q.question, history: [] }))).join('')
      const r = scoreAnswer(q, answer)
      if (!r.pass) (q.fromContent ? contentFailures : failures).push(`${q.question} -> missing ${r.missing.join(', ')}`)
    }
    // Facts from lib/ (rates, courses, office, routes) and the "don't know" hand-over must all hold;
    // page content is rewritten as the site evolves, so most (not every) content question must.
    expect(failures).toEqual([])
    const contentQuestions = evalQuestions.filter((q) => q.fromContent).length
    expect(contentFailures.length, contentFailures.join('\n')).toBeLessThanOrEqual(Math.floor(contentQuestions * 0.2))
  })

  it('streams a grounded answer in several parts with links to the pages used', async () => {
    const engine = await createKnowledgeEngine({ partDelayMs: 0 })
    const parts = await collect(engine.answer({ question: 'How much is the FEA training course per day?', history: [] }))
    expect(parts.length).toBeGreaterThan(3)
    const text = parts.join('')
    expect(text).toContain('£550 per day')
    expect(text).toContain('[Training](/training)')
  })

  it('says plainly when it does not know and offers the contact page and a job request', async () => {
    const engine = await createKnowledgeEngine({ partDelayMs: 0 })
    const text = (await collect(engine.answer({ question: 'What is the capital of Peru?', history: [] }))).join('')
    expect(text).toContain("I'm sorry, I don't know that from our site.")
    expect(text).toContain('[contact page](/contact)')
    expect(text).toContain('(/profile)')
  })

  it('understands a short follow-up from the previous question', async () => {
    const engine = await createKnowledgeEngine({ partDelayMs: 0 })
    const text = (
      await collect(engine.answer({ question: 'and how long is it?', history: [{ role: 'user', text: 'Tell me about the CFD Simulation course' }, { role: 'assistant', text: '...' }] }))
    ).join('')
    expect(text).toContain('3-4 days')
  })
})

describe('model engine against an OpenAI-compatible server on loopback', () => {
  let fake: FakeOpenAiServer | undefined
  afterEach(async () => {
    await fake?.close()
    fake = undefined
  })

  it('streams the model answer and sends the retrieved passages in the system prompt', async () => {
    fake = await startFakeOpenAiServer({ mode: 'ok', answer: 'FEA analysis is £80/hr. See [FEA Analysis](/services/fea).', wordsPerChunk: 1 })
    const { index } = await createKnowledgeEngine()
    const engine = createLlmEngine({ provider: 'openai-compatible', baseUrl: fake.baseUrl, apiKey: 'test-key', model: 'fake-model', index, maxRetries: 0 })
    const parts = await collect(engine.answer({ question: 'What is the FEA hourly rate?', history: [{ role: 'user', text: 'Hello' }, { role: 'assistant', text: 'Hi!' }] }))
    expect(parts.length).toBeGreaterThan(3)
    expect(parts.join('')).toBe('FEA analysis is £80/hr. See [FEA Analysis](/services/fea).')
    const request = fake.requests[0]!
    expect(request.model).toBe('fake-model')
    expect(request.stream).toBe(true)
    const system = request.messages.find((m) => m.role === 'system')!.content as string
    expect(system).toContain('Meshwork Engineering')
    expect(system).toContain('FEA Analysis is charged £80/hr')
    expect(request.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user'])
    expect(request.messages.at(-1)!.content).toBe('What is the FEA hourly rate?')
  })

  it('turns a failing provider into a stream error with a plain message', async () => {
    fake = await startFakeOpenAiServer({ mode: 'fail' })
    const { index } = await createKnowledgeEngine()
    const engine = createLlmEngine({ provider: 'openai-compatible', baseUrl: fake.baseUrl, apiKey: 'k', model: 'fake-model', index, maxRetries: 0 })
    const error = await collect(engine.answer({ question: 'What is the FEA hourly rate?', history: [] })).catch((e: Error) => e)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).name).toBe('AssistantProviderError')
    expect((error as Error).message).toBe('The assistant model is unavailable. Please try again later.')
  })
})

describe('model engine against an Anthropic Messages API on loopback', () => {
  it('streams the answer with the key in x-api-key and the passages in the system prompt', async () => {
    const fake = await startFakeAnthropicServer('Our office is in Hebden Bridge.')
    try {
      const { index } = await createKnowledgeEngine()
      const engine = createLlmEngine({ provider: 'anthropic', baseUrl: fake.baseUrl, apiKey: 'anthropic-test-key', model: 'fake-claude', index, maxRetries: 0 })
      const parts = await collect(engine.answer({ question: 'Where is your office?', history: [] }))
      expect(parts.length).toBeGreaterThan(2)
      expect(parts.join('')).toBe('Our office is in Hebden Bridge.')
      const request = fake.requests[0]!
      expect(request.model).toBe('fake-claude')
      expect(request.headers['x-api-key']).toBe('anthropic-test-key')
      expect(JSON.stringify(request.system)).toContain('Hebden Bridge')
      expect(request.messages.at(-1)).toMatchObject({ role: 'user' })
    } finally {
      await fake.close()
    }
  })
})
