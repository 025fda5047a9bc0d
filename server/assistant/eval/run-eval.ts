import { createKnowledgeEngine } from '../create-knowledge-engine'
import { evalQuestions } from './questions'
import { scoreAnswer } from './score-answer'
import { percentile, timeAnswer } from './time-answer'

/**
 * Scores the site-knowledge engine on the evaluation set: accuracy (every expected fact present)
 * and the time from the question to the first streamed part.
 */
const verbose = process.argv.includes('--verbose')
const engine = await createKnowledgeEngine({ partDelayMs: 0 })
console.log(`Site-knowledge engine: ${engine.index.documents.length} passages indexed`)

let passed = 0
const firstPartMs: number[] = []
for (const q of evalQuestions) {
  const { answer, firstPartMs: firstPart } = await timeAnswer(engine, q.question)
  firstPartMs.push(firstPart)
  const result = scoreAnswer(q, answer)
  if (result.pass) passed++
  if (!result.pass || verbose) {
    console.log(`${result.pass ? 'PASS' : 'FAIL'}  ${q.question}`)
    if (!result.pass) console.log(`      missing: ${JSON.stringify(result.missing)} forbidden: ${JSON.stringify(result.forbidden)}\n      answer: ${answer.replace(/\n+/g, ' ').slice(0, 300)}`)
  }
}
console.log(`\nAccuracy: ${passed}/${evalQuestions.length} (${((100 * passed) / evalQuestions.length).toFixed(1)}%)`)
console.log(`Time to first part: median ${percentile(firstPartMs, 50)} ms, p95 ${percentile(firstPartMs, 95)} ms`)
