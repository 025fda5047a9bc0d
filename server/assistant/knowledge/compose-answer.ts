import type { AssistantTurn } from '../../services/chat/assistant-engine'
import type { KnowledgeIndex } from './create-knowledge-index'
import { processTerm, tokenize } from './create-knowledge-index'
import type { KnowledgeDocument } from './knowledge-document'

export interface ComposedAnswer {
  /** False when nothing on the site answers the question. */
  known: boolean
  text: string
  sources: Pick<KnowledgeDocument, 'title' | 'url'>[]
}

const UNKNOWN_ANSWER =
  "I'm sorry, I don't know that from our site. Please ask us through the [contact page](/contact), or place a job request from your [dashboard](/profile), and one of our engineers will get back to you."

const INTRO_ANSWER =
  'I can answer questions about our services and hourly rates, training courses, case studies, how we work and how to start a job. What would you like to know?'

/** Share of the question's meaningful words a passage must match to count as an answer. */
const MIN_COVERAGE = 0.6
const MAX_PASSAGES = 3
const SHORT_PASSAGE_CHARS = 160
const MONEY_QUESTION = /\b(how much|cost|costs|price|prices|charge|fee|fees|rate|rates|save|saving|savings|worth|expensive|cheap)\b|£/i

export function questionTerms(question: string): string[] {
  return [...new Set(tokenize(question).map(processTerm).filter((t): t is string => !!t))]
}

/**
 * Retrieves the passages that answer the question and quotes them with links to their pages. The
 * answer only ever repeats the site's own words, so it cannot state a price or a fact the site does
 * not; when the best passage covers too little of the question it says so instead of guessing.
 */
export function composeAnswer(index: KnowledgeIndex, question: string, history: AssistantTurn[] = []): ComposedAnswer {
  const terms = questionTerms(question)
  if (terms.length === 0) return { known: true, text: INTRO_ANSWER, sources: [] }

  let picked = retrieve(index, question, terms)
  // A short follow-up ("and how long is it?") borrows the words of the previous question.
  const previous = [...history].reverse().find((t) => t.role === 'user')
  if (!picked && previous && terms.length <= 4) {
    const combined = `${previous.text} ${question}`
    picked = retrieve(index, combined, questionTerms(combined))
  }
  if (!picked) return { known: false, text: UNKNOWN_ANSWER, sources: [] }

  const sources: ComposedAnswer['sources'] = []
  for (const doc of picked) if (!sources.some((s) => s.url === doc.url)) sources.push({ title: doc.title, url: doc.url })
  const links = sources.map((s) => `[${s.title}](${s.url})`)
  const allTerms = previous && !retrieve(index, question, terms) ? questionTerms(`${previous.text} ${question}`) : terms
  const text = `${picked.map((d) => focus(d.text, allTerms)).join('\n\n')}\n\nMore on ${joinList(links)}.`
  return { known: true, text, sources }
}

function retrieve(index: KnowledgeIndex, query: string, terms: string[]): KnowledgeDocument[] | undefined {
  const results = index.search(query)
  if (results.length === 0) return undefined
  // A question about money wants the passage with the sums in it, not the one that only names the topic.
  const wantsMoney = MONEY_QUESTION.test(query)
  const ranked = results
    .slice(0, 25)
    .map((r) => {
      const coverage = Math.min(1, new Set(r.queryTerms).size / terms.length)
      const money = wantsMoney && r.text.includes('£') ? 2 : 1
      return { doc: r as KnowledgeDocument, coverage, relevance: r.score * coverage * coverage * money }
    })
    .sort((a, b) => b.relevance - a.relevance)
  const best = ranked[0]!
  if (best.coverage < MIN_COVERAGE) return undefined
  const picked: KnowledgeDocument[] = []
  const repeats = (doc: KnowledgeDocument) => picked.some((d) => d.text === doc.text || d.text.includes(doc.text) || doc.text.includes(d.text))
  for (const r of ranked) {
    if (picked.length >= MAX_PASSAGES || r.relevance < best.relevance * 0.6 || r.coverage < MIN_COVERAGE) break
    if (repeats(r.doc)) continue
    picked.push({ id: r.doc.id, title: r.doc.title, url: r.doc.url, text: r.doc.text })
  }
  // A one-line summary (a page description) alone rarely answers: add the page's best detail to it.
  if (picked.length === 1 && best.doc.text.length < SHORT_PASSAGE_CHARS) {
    const detail = ranked.find((r) => r !== best && r.doc.url === best.doc.url && r.coverage >= MIN_COVERAGE && !repeats(r.doc))
    if (detail) picked.push({ id: detail.doc.id, title: detail.doc.title, url: detail.doc.url, text: detail.doc.text })
  }
  return picked
}

/**
 * The sentences of a passage that speak to the question (and the question of an FAQ pair, which
 * frames its answer). A passage with no such sentence is kept whole: it was retrieved by its title.
 */
function focus(passage: string, terms: string[]): string {
  const sentences = passage.split(/(?<=[.!?])\s+(?=[A-Z0-9£"'])/)
  if (sentences.length <= 2) return passage
  const matches = (sentence: string) => {
    const words = tokenize(sentence)
      .map(processTerm)
      .filter((w): w is string => !!w)
    return terms.some((t) => words.some((w) => w === t || (t.length >= 3 && w.startsWith(t)) || (w.length >= 4 && t.startsWith(w))))
  }
  // A matching sentence is often a heading or a question: the sentence after it carries the answer.
  const hit = sentences.map(matches)
  const kept = sentences.filter((s, i) => hit[i] || hit[i - 1] || (i === 0 && s.endsWith('?')))
  return kept.length ? kept.join(' ') : passage
}

function joinList(items: string[]) {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}
