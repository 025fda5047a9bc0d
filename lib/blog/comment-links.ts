/**
 * A comment is plain text: it is shown as text (escaped by React), with web addresses turned into
 * links. Only http and https addresses become links, so nothing a commenter writes can run as a
 * script (no javascript: or data: address is ever an href).
 */
export type CommentPart = { text: string } | { text: string; href: string }

const address = /\bhttps?:\/\/[^\s<>"']+|\bwww\.[a-z0-9-]+(?:\.[a-z0-9-]+)+[^\s<>"']*/gi
/** Punctuation that ends a sentence, not an address ("see https://example.com."). */
const trailing = /[.,;:!?)\]}'’”]+$/

export function commentParts(text: string): CommentPart[] {
  const parts: CommentPart[] = []
  let last = 0
  for (const match of text.matchAll(address)) {
    let found = match[0]
    // A closing bracket belongs to the address only when it also opens one inside it (Wikipedia's "(engineering)").
    const tail = trailing.exec(found)?.[0] ?? ''
    let keep = ''
    for (const ch of tail) {
      if (ch === ')' && (found.slice(0, found.length - tail.length) + keep).split('(').length > (found.slice(0, found.length - tail.length) + keep).split(')').length) keep += ch
      else break
    }
    found = found.slice(0, found.length - tail.length) + keep
    const start = match.index
    if (start > last) parts.push({ text: text.slice(last, start) })
    const href = found.toLowerCase().startsWith('www.') ? `https://${found}` : found
    if (isSafeHref(href)) parts.push({ text: found, href })
    else parts.push({ text: found })
    last = start + found.length
  }
  if (last < text.length) parts.push({ text: text.slice(last) })
  return parts
}

function isSafeHref(href: string): boolean {
  try {
    const url = new URL(href)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0
  } catch {
    return false
  }
}
