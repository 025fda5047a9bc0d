// The site-knowledge assistant: index build, time to first part and per-answer time on the evaluation
// set, and its accuracy. Printed, never asserted.
import { performance } from 'node:perf_hooks'
import { createKnowledgeEngine } from '../../server/assistant/create-knowledge-engine'
import { evalQuestions } from '../../server/assistant/eval/questions'
import { scoreAnswer } from '../../server/assistant/eval/score-answer'
import { percentile, timeAnswer } from '../../server/assistant/eval/time-answer'
import { collectDocuments } from '../../server/assistant/knowledge/collect-documents'
import { createKnowledgeIndex } from '../../server/assistant/knowledge/create-knowledge-index'

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
      const timed = await timeAnswer(engine, q.question)
      firstPart.push(timed.firstPartMs)
      whole.push(timed.wholeMs)
      if (round === 0 && scoreAnswer(q, timed.answer).pass) passed++
    }
  }
  console.log(`accuracy ${passed}/${evalQuestions.length} (${((100 * passed) / evalQuestions.length).toFixed(1)}%)`)
  console.log(`time to first part: median ${percentile(firstPart, 50)} ms, p95 ${percentile(firstPart, 95)} ms`)
  console.log(`whole answer (no pacing): median ${percentile(whole, 50)} ms, p95 ${percentile(whole, 95)} ms`)
}
