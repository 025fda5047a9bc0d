import type { EvalQuestion } from './questions'

/** The facts of a question missing from an answer, and any forbidden text it contains. */
export function scoreAnswer(q: EvalQuestion, answer: string): { pass: boolean; missing: string[]; forbidden: string[] } {
  const lower = answer.toLowerCase()
  const missing = q.expect.filter((f) => !lower.includes(f.toLowerCase()))
  const forbidden = (q.forbid ?? []).filter((f) => lower.includes(f.toLowerCase()))
  return { pass: missing.length === 0 && forbidden.length === 0, missing, forbidden }
}
