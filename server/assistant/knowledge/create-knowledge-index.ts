import MiniSearch, { type SearchResult } from 'minisearch'
import type { KnowledgeDocument } from './knowledge-document'

/** Words that carry no meaning for retrieval; removed from documents and questions alike. */
const STOP_WORDS = new Set(
  `a an and are as at be been but by can could do does did for from had has have how i if in into is it its me my of on or our
  so than that the their them then there these they this to too us was we were what when where which who why will with would you your
  yours please tell know about any some much many there's what's i'm i'd i'll can't don't also just get got want need like
  hi hello thanks thank per look looks looking explain describe work`.split(/\s+/),
)

export function processTerm(term: string): string | null {
  const t = term.toLowerCase().replace(/^[^\p{L}\p{N}£]+|[^\p{L}\p{N}]+$/gu, '')
  if (!t || STOP_WORDS.has(t)) return null
  return t
}

/** Words of a passage or a question (the same rule for both, so coverage counts agree). */
export function tokenize(text: string): string[] {
  return text.split(/[\s,;:!?()"'’/]+|(?<=\w)\.(?=\s|$)|-(?=\D)/u)
}

export interface KnowledgeIndex {
  documents: KnowledgeDocument[]
  search(query: string): (SearchResult & KnowledgeDocument)[]
}

/** A minisearch index over the passages: fuzzy and prefix matching, titles and keywords weighted higher. */
export function createKnowledgeIndex(documents: KnowledgeDocument[]): KnowledgeIndex {
  const mini = new MiniSearch<KnowledgeDocument>({
    fields: ['title', 'heading', 'text', 'keywords'],
    storeFields: ['title', 'url', 'text', 'weight'],
    processTerm,
    tokenize,
    searchOptions: {
      boost: { title: 2, heading: 1, keywords: 1.2, text: 1 },
      // Short words must match exactly: "cad" must not turn into "cam".
      fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
      prefix: (term) => term.length >= 3,
      combineWith: 'OR',
      boostDocument: (_id, _term, stored) => (stored?.weight as number | undefined) ?? 1,
    },
  })
  mini.addAll(documents)
  return {
    documents,
    search: (query) => mini.search(query) as (SearchResult & KnowledgeDocument)[],
  }
}
