import { performance } from 'node:perf_hooks'
import { createKnowledgeEngine } from '../create-knowledge-engine'
import { evalQuestions } from './questions'
import { scoreAnswer } from './score-answer'

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
  const started = performance.now()
  let answer = ''
  for await (const part of engine.answer({ question: q.question, history: [] })) {
    if (!answer) firstPartMs.push(performance.now() - started)
    answer += part
  }
  const result = scoreAnswer(q, answer)
  if (result.pass) passed++
  if (!result.pass || verbose) {
    console.log(`${result.pass ? 'PASS' : 'FAIL'}  ${q.question}`)
    if (!result.pass) console.log(`      missing: ${JSON.stringify(result.missing)} forbidden: ${JSON.stringify(result.forbidden)}\n      answer: ${answer.replace(/\n+/g, ' ').slice(0, 300)}`)
  }
}
firstPartMs.sort((a, b) => a - b)
const pct = (p: number) => firstPartMs[Math.min(firstPartMs.length - 1, Math.floor((p / 100) * firstPartMs.length))]!.toFixed(2)
console.log(`\nAccuracy: ${passed}/${evalQuestions.length} (${((100 * passed) / evalQuestions.length).toFixed(1)}%)`)
console.log(`Time to first part: median ${pct(50)} ms, p95 ${pct(95)} ms`)
