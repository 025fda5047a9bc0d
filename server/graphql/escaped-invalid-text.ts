import { parse, visit, type DocumentNode } from 'graphql'
import { isInvalidText } from '../http/invalid-text'

/**
 * Whether a string literal of the document holds text no field accepts (a NUL, a lone surrogate).
 * The edge refuses such text sent in the JSON itself; in a GraphQL string it can also be written as an
 * escape (`"a\u0000b"`, `"\u{D800}"`), which only the GraphQL parser decodes.
 */
export function documentHasInvalidText(document: DocumentNode): boolean {
  let found = false
  visit(document, {
    StringValue(node) {
      if (isInvalidText(node.value)) found = true
    },
  })
  return found
}

/** A GraphQL escape that may decode to a NUL or a surrogate (the parse decides). */
const MAYBE_INVALID_ESCAPE = /\\u(?:0000|[dD][89abcdefABCDEF]|\{)/

/**
 * The same check on a query's text, for the edge: most queries hold no such escape and are not parsed
 * here; one that does, and parses, is refused when a literal decodes to invalid text. A query that does
 * not parse is left to the parser's own answer.
 */
export function queryHasEscapedInvalidText(query: string, maxTokens: number): boolean {
  if (!MAYBE_INVALID_ESCAPE.test(query)) return false
  let document: DocumentNode
  try {
    document = parse(query, { maxTokens })
  } catch {
    return false
  }
  return documentHasInvalidText(document)
}
