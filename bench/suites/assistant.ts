// The site-knowledge assistant: index build, time to first part and per-answer time on the evaluation
// set, and its accuracy. Printed, never asserted.
import { performance } from 'node:perf_hooks'
import { createKnowledgeEngine } from '../../server/assistant/create-knowledge-engine'
import { evalQuestions } from '../../server/assistant/eval/questions'
import { scoreAnswer } from '../../server/assistant/eval/score-answer'
import { collectDocuments } from '../../server/assistant/knowledge/collect-documents'
import { createKnowledgeIndex } from '../../server/assistant/knowledge/create-knowledge-index'

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!

export default async function assistantSuite() {
  console.log(`\n== assistant: site-knowledge engine ${'='.repeat(40)}`)
  let started = performance.now()
  const documents = await collectDocuments()
  const collectMs = performance.now() - started
  started = performance.now()
  const index = createKnowledgeIndex(documents)
  const indexMs = performance.now() - started
  console.log(`passages ${documents.length}; collect ${collectMs.toFixed(0)} ms; index ${indexMs.toFixed(1)} ms`)

  const engine = await createKnowledgeEngine({ index, partDelayMs: 0 })
  const firstPart: number[] = []
  const whole: number[] = []
  let passed = 0
  // Three rounds so the figures are not only the first, cold answers.
  for (let round = 0; round < 3; round++) {
    for (const q of evalQuestions) {
      const t0 = performance.now()
      let answer = ''
      for await (const part of engine.answer({ question: q.question, history: [] })) {
        if (!answer) firstPart.push(performance.now() - t0)
        answer += part
      }
      whole.push(performance.now() - t0)
      if (round === 0 && scoreAnswer(q, answer).pass) passed++
    }
  }
  console.log(`accuracy ${passed}/${evalQuestions.length} (${((100 * passed) / evalQuestions.length).toFixed(1)}%)`)
  console.log(`time to first part: median ${pct(firstPart, 50).toFixed(2)} ms, p95 ${pct(firstPart, 95).toFixed(2)} ms`)
  console.log(`whole answer (no pacing): median ${pct(whole, 50).toFixed(2)} ms, p95 ${pct(whole, 95).toFixed(2)} ms`)
}
