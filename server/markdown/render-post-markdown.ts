import MarkdownIt, { type Token } from 'markdown-it'
import { BLOG_IMAGE_PREFIX } from '../../lib/blog/blog-post-schema'
import { slugify } from '../../lib/blog/slugify'
import { highlightCode } from './highlight-code'
import { mathPlugin, type MathEnv } from './math-plugin'

/** The size in pixels of an uploaded image, by its storage path ("blog-images/{post}/{name}"). */
export type ImageSizes = ReadonlyMap<string, { width: number; height: number }>

export interface RenderedPost {
  html: string
  /** The post's section headings, for its table of contents. */
  headings: { id: string; text: string; level: 2 | 3 }[]
  /** Whether the text has maths (the page then links KaTeX's stylesheet). */
  hasMaths: boolean
}

interface RenderEnv extends MathEnv {
  [key: string]: unknown
  images: ImageSizes
  headings: RenderedPost['headings']
}

/**
 * A post's Markdown as HTML, the one renderer of the blog's pages, its feed and the editor's preview.
 * Raw HTML is never passed through (`html: false`: a tag in the text shows as text), link addresses
 * are checked by markdown-it (no javascript:, vbscript:, file: or data: links), code blocks are
 * coloured by highlight.js (which escapes the code), maths is typeset by KaTeX (math-plugin.ts).
 * Headings start at level 2 (the post's title is the page's only h1) and get ids to link to. An image
 * is shown only when it is one of the blog's uploads, with its stored size and its alt text, loaded
 * lazily; anything else an image names is left as its description.
 */
const md = new MarkdownIt({
  html: false,
  linkify: true,
  typographer: true,
  highlight: (code, language) => highlightCode(code, language) ?? '',
})
md.use(mathPlugin)

// Section ids from the heading's words, unique within the post ("results", "results-2").
md.core.ruler.push('heading_ids', (state) => {
  const env = state.env as unknown as RenderEnv
  const used = new Map<string, number>()
  const tokens = state.tokens
  for (let i = 0; i < tokens.length; i++) {
    const open = tokens[i]!
    if (open.type !== 'heading_open') continue
    const level = Math.min(6, Number(open.tag.slice(1)) + (open.tag === 'h1' ? 1 : 0))
    open.tag = `h${level}`
    const close = tokens.slice(i).find((t) => t.type === 'heading_close')
    if (close) close.tag = open.tag
    const text = plainTextOf(tokens[i + 1]?.children ?? [])
    const base = slugify(text) || 'section'
    const seen = used.get(base) ?? 0
    used.set(base, seen + 1)
    const id = seen === 0 ? base : `${base}-${seen + 1}`
    open.attrSet('id', id)
    if (level === 2 || level === 3) env.headings?.push({ id, text, level })
  }
})

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options))
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = String(tokens[idx]!.attrGet('href') ?? '')
  // Another site's page: it learns nothing of this one and cannot reach back into it.
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('mailto:')) tokens[idx]!.attrSet('rel', 'noopener noreferrer')
  return defaultLinkOpen(tokens, idx, options, env, self)
}

md.renderer.rules.image = (tokens, idx, _options, renderEnv) => {
  const env = renderEnv as unknown as RenderEnv
  const token = tokens[idx]!
  const src = String(token.attrGet('src') ?? '')
  const alt = plainTextOf(token.children ?? [])
  const size = src.startsWith(BLOG_IMAGE_PREFIX) ? env.images.get(decodePath(src.slice('/files/'.length))) : undefined
  if (!size || !alt.trim()) return `<span class="image-missing">${md.utils.escapeHtml(alt || 'Image')}</span>`
  const title = token.attrGet('title')?.toString()
  return `<img src="${md.utils.escapeHtml(src)}" alt="${md.utils.escapeHtml(alt)}" width="${size.width}" height="${size.height}" loading="lazy" decoding="async"${title ? ` title="${md.utils.escapeHtml(title)}"` : ''}>`
}

// Wide tables scroll on their own instead of widening the page.
md.renderer.rules.table_open = () => '<div class="table-scroll"><table>\n'
md.renderer.rules.table_close = () => '</table></div>\n'

function decodePath(path: string): string {
  try {
    return decodeURI(path)
  } catch {
    return path
  }
}

function plainTextOf(tokens: Token[]): string {
  return tokens.map((t) => (t.children ? plainTextOf(t.children) : t.type === 'text' || t.type === 'code_inline' || t.type === 'math_inline' ? t.content : '')).join('')
}

export function renderPostMarkdown(markdown: string, images: ImageSizes = new Map()): RenderedPost {
  const env: RenderEnv = { images, headings: [] }
  const html = md.render(markdown, env as unknown as Record<string, unknown>)
  return { html, headings: env.headings, hasMaths: env.hasMaths === true }
}

/** The words of a post's text without its markup: the start of it stands in for a missing summary. */
export function postPlainText(markdown: string): string {
  const blocks = md.parse(markdown, { images: new Map(), headings: [] })
  return blocks
    .filter((t) => t.type === 'inline')
    .map((t) => plainTextOf(t.children ?? []))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
}
