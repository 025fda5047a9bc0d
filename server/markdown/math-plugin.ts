import katex from 'katex'
import type { MarkdownIt, StateBlock, StateInline } from 'markdown-it'

/**
 * Maths in a post, typeset by KaTeX when the page is rendered (as the case studies are), so the
 * browser gets finished HTML and MathML and no maths script: `$…$` inline, `$$…$$` on lines of their
 * own for display. KaTeX runs with `trust: false` (no \href, \url, \includegraphics or HTML
 * extensions) and bounded macro expansion and sizes, so TeX written in a post produces nothing but
 * maths markup; a formula with an error shows its source in red instead of breaking the page.
 */
const katexOptions = { throwOnError: false, output: 'htmlAndMathml', trust: false, strict: 'ignore', maxSize: 20, maxExpand: 200 } as const

export interface MathEnv {
  /** Set when the text had maths: the page then links KaTeX's stylesheet. */
  hasMaths?: boolean
}

export function renderTex(tex: string, displayMode: boolean): string {
  return katex.renderToString(tex, { ...katexOptions, displayMode })
}

function mathInline(state: StateInline, silent: boolean): boolean {
  const start = state.pos
  if (state.src.charCodeAt(start) !== 0x24 /* $ */) return false
  // "$$" inline is not ours; "$ 5" (a price) is not maths: the opening $ must touch its formula.
  const next = state.src.charCodeAt(start + 1)
  if (next === 0x24 || next === 0x20 || next === 0x09 || Number.isNaN(next)) return false
  let end = start + 1
  while (true) {
    end = state.src.indexOf('$', end)
    if (end === -1) return false
    if (state.src.charCodeAt(end - 1) === 0x5c /* \ */) {
      end += 1
      continue
    }
    break
  }
  const before = state.src.charCodeAt(end - 1)
  const after = state.src.charCodeAt(end + 1)
  // The closing $ touches its formula and is not followed by a digit ("$5 and $6").
  if (before === 0x20 || before === 0x09 || (after >= 0x30 && after <= 0x39)) return false
  if (!silent) {
    const token = state.push('math_inline', 'math', 0)
    token.markup = '$'
    token.content = state.src.slice(start + 1, end)
  }
  state.pos = end + 1
  return true
}

function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  let pos = state.bMarks[startLine]! + state.tShift[startLine]!
  let max = state.eMarks[startLine]!
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false
  if (!state.src.startsWith('$$', pos)) return false
  if (silent) return true
  pos += 2
  let firstLine = state.src.slice(pos, max)
  let lastLine = ''
  let next = startLine
  let found = false
  if (firstLine.trim().endsWith('$$')) {
    // $$ x = 1 $$ on one line
    firstLine = firstLine.trim().slice(0, -2)
    found = true
  }
  while (!found) {
    next += 1
    if (next >= endLine) break
    pos = state.bMarks[next]! + state.tShift[next]!
    max = state.eMarks[next]!
    if (pos < max && state.tShift[next]! < state.blkIndent) break
    const line = state.src.slice(pos, max).trim()
    if (line.endsWith('$$')) {
      lastLine = line.slice(0, -2)
      found = true
    }
  }
  if (!found) return false
  state.line = next + 1
  const token = state.push('math_block', 'math', 0)
  token.block = true
  token.content = (firstLine.trim() ? firstLine + '\n' : '') + state.getLines(startLine + 1, next, state.tShift[startLine]!, true) + (lastLine.trim() ? lastLine : '')
  token.map = [startLine, state.line]
  token.markup = '$$'
  return true
}

export function mathPlugin(md: MarkdownIt): void {
  md.inline.ruler.after('escape', 'math_inline', mathInline)
  md.block.ruler.after('blockquote', 'math_block', mathBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] })
  md.renderer.rules.math_inline = (tokens, idx, _options, env) => {
    if (env) (env as MathEnv).hasMaths = true
    return renderTex(tokens[idx]!.content, false)
  }
  md.renderer.rules.math_block = (tokens, idx, _options, env) => {
    if (env) (env as MathEnv).hasMaths = true
    return `<div class="math-display">${renderTex(tokens[idx]!.content, true)}</div>\n`
  }
}
