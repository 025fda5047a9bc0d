import * as examplesContent from '../../../content/examples/index'
import * as siteContent from '../../../content/index'
import { camCourses, MAX_TRAINING_PARTICIPANTS, trainingCourses } from '../../../lib/catalogue'
import { routeTable } from '../../../lib/route-table'
import type { KnowledgeDocument } from './knowledge-document'

/** Which part of the site a content module's words belong to. */
export type Section = 'site' | 'examples'

const TITLE_KEYS = ['title', 'heading', 'name', 'question', 'label', 'phase']
const URL_KEYS = ['path', 'url', 'href', 'route', 'to']
/** Keys whose values are presentation, identifiers or asset paths rather than words a client reads. */
const SKIP_KEYS = new Set(['type', 'kind', 'id', 'slug', 'key', 'icon', 'image', 'images', 'src', 'video', 'poster', 'className', 'class', 'color', 'colour', 'width', 'height', 'index', 'order', 'sort'])
const PASSAGE_CHARS = 420
/** Container names that say nothing about their list ("items", "paragraphs"). */
const UNNAMED_LIST_KEYS = new Set(['items', 'list', 'entries', 'paragraphs', 'lines', 'points', 'bullets', 'body', 'children', 'content', 'text'])
/** Rich exports whose plain-text twin (e.g. caseStudies) is also exported: indexing both would repeat every passage. */
const RICH_DUPLICATES = new Set(['caseStudyContent'])
/** Legal pages rarely answer a prospective client's question; they rank below the rest. FAQs are written to answer them. */
const LEGAL_PATHS = new Set(['/terms', '/privacy', '/cookie'])

interface Page {
  title: string
  url: string
  /** Section title -> text pieces */
  sections: Map<string, string[]>
}

/**
 * Passages from the typed content modules under content/ (the words the pages render). The shapes of
 * those modules are not fixed here: any exported object with a title-like and a path-like field is a
 * page, nested titled objects are its sections, and every string inside is text to search.
 */
export async function collectContentDocuments(): Promise<KnowledgeDocument[]> {
  return documentsFromModules([
    { area: 'site', exports: siteContent },
    { area: 'examples', exports: examplesContent },
  ])
}

export interface ContentModule {
  /** 'examples' for content/examples (slugs are case studies), 'site' for the rest. */
  area: Section
  exports: Record<string, unknown>
}

/** The passages of already-imported content modules, whatever the shapes of their exports. */
export function documentsFromModules(modules: ContentModule[]): KnowledgeDocument[] {
  const pages = new Map<string, Page>()
  for (const { area, exports: mod } of modules) {
    // Sorted: Node and Vite order a module's exports differently, and the index must not depend on it.
    for (const [name, value] of Object.entries(mod).sort(([a], [b]) => a.localeCompare(b))) {
      if ((name === 'default' && Object.keys(mod).length > 1) || RICH_DUPLICATES.has(name)) continue
      const url = urlForExportName(name, area)
      visit(value, { page: undefined, section: '', fallbackUrl: url, fallbackTitle: titleForUrl(url), area }, pages, 0)
    }
  }
  const docs: KnowledgeDocument[] = []
  for (const page of pages.values()) {
    for (const [section, pieces] of page.sections) {
      // Long section names (a whole FAQ question) make poor link text: the page title reads better.
      const title = section && section !== page.title && section.length <= 40 && !section.includes(' / ') ? `${page.title}: ${section}` : page.title
      const passages = toPassages(pieces)
      passages.forEach((text, i) =>
        docs.push({ id: `content:${page.url}#${section}#${i}`, title, heading: section || undefined, url: page.url, text, weight: LEGAL_PATHS.has(page.url) ? 0.5 : page.url === '/faqs' ? 1.4 : text.length < 60 ? 0.6 : 1 }),
      )
    }
  }
  return docs
}

interface VisitContext {
  page: Page | undefined
  section: string
  fallbackUrl: string
  fallbackTitle: string
  area: Section
}

function visit(value: unknown, ctx: VisitContext, pages: Map<string, Page>, depth: number, key = '') {
  if (depth > 12 || value == null || typeof value === 'function' || typeof value === 'boolean') return
  if (typeof value === 'string') {
    if (looksLikeAsset(value)) return
    addText(ctx, pages, cleanText(value))
    return
  }
  if (typeof value === 'number') {
    if (key && !SKIP_KEYS.has(key)) addText(ctx, pages, `${humanize(key)}: ${value}.`)
    return
  }
  if (Array.isArray(value)) {
    // A list of words under a named field ("software", "industries") keeps its name: the name is
    // often the word a client asks with.
    if (key && !SKIP_KEYS.has(key) && value.length > 0 && value.every((v) => typeof v === 'string' && v.length < 80)) {
      const items = value.map((v) => cleanText(v as string).replace(/\.$/, '')).join(', ')
      addText(ctx, pages, UNNAMED_LIST_KEYS.has(key) ? `${items}.` : `${capitalise(humanize(key))}: ${items}.`)
      return
    }
    for (const item of value) visit(item, ctx, pages, depth + 1, key)
    return
  }
  if (typeof value !== 'object') return
  // React elements and other class instances are not content.
  if ('$$typeof' in value) return
  const obj = value as Record<string, unknown>
  const title = TITLE_KEYS.map((k) => obj[k]).find((v): v is string => typeof v === 'string' && v.trim().length > 0)
  const url = urlOf(obj, ctx.area)
  let next = ctx
  if (url) {
    const page = pageFor(pages, url, title ?? titleForUrl(url))
    // The object that names a page is the page itself: its own title is not a section.
    next = { ...ctx, page, section: '' }
  } else if (title && depth > 0) {
    next = { ...ctx, section: ctx.section && ctx.section !== title && depth > 2 ? `${ctx.section} / ${title}` : title }
  }
  // A question and its answer stay together in one passage.
  if (typeof obj.question === 'string' && typeof obj.answer === 'string') {
    addText(next, pages, `${cleanText(obj.question)} ${cleanText(obj.answer)}`)
    return
  }
  for (const [k, v] of Object.entries(obj)) {
    if (SKIP_KEYS.has(k) || URL_KEYS.includes(k)) continue
    // A reference to a catalogue course: the page shows that course's facts, so the passage holds them.
    if (k === 'course' && typeof v === 'string') {
      const facts = courseFacts(v)
      if (facts) addText(next, pages, facts)
      continue
    }
    if (TITLE_KEYS.includes(k) && typeof v === 'string') {
      addText(next, pages, cleanText(v) + '.')
      continue
    }
    visit(v, next, pages, depth + 1, k)
  }
}

function courseFacts(name: string): string | undefined {
  const course = trainingCourses.find((c) => c.name === name)
  if (course) return `${course.name}: ${course.duration}, £${course.dayPrice} per day, ${course.level} level, at most ${MAX_TRAINING_PARTICIPANTS} participants.`
  const cam = camCourses.find((c) => c.name === name)
  if (cam) return `Course ${cam.code} ${cam.name}: ${cam.duration} hours, up to ${cam.classSize} participants, ${cam.certificate.toLowerCase()}. Who it is for: ${cam.target}`
  return undefined
}

function addText(ctx: VisitContext, pages: Map<string, Page>, text: string) {
  if (!text.trim()) return
  const page = ctx.page ?? pageFor(pages, ctx.fallbackUrl, ctx.fallbackTitle)
  const pieces = page.sections.get(ctx.section) ?? []
  pieces.push(text.trim())
  page.sections.set(ctx.section, pieces)
}

function pageFor(pages: Map<string, Page>, url: string, title: string): Page {
  let page = pages.get(url)
  if (!page) pages.set(url, (page = { title: titleForUrl(url) || title, url, sections: new Map() }))
  return page
}

function urlOf(obj: Record<string, unknown>, area: Section): string | undefined {
  for (const k of URL_KEYS) {
    const v = obj[k]
    if (typeof v === 'string' && v.startsWith('/') && knownPath(v)) return v
  }
  const slug = obj.slug
  if (typeof slug === 'string') {
    const candidates = area === 'examples' ? [`/examples/${slug}`] : [`/${slug}`, `/services/${slug}`, `/projects/${slug}`, `/examples/${slug}`]
    return candidates.find(knownPath)
  }
  return undefined
}

function knownPath(p: string) {
  return routeTable.some((r) => r.path === p)
}

function titleForUrl(url: string) {
  return routeTable.find((r) => r.path === url)?.title ?? ''
}

/** "faqsContent" -> /faqs, "camService" -> /services/cam; unknown names fall back to the area's index. */
function urlForExportName(name: string, area: Section): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter((w) => !['content', 'page', 'data', 'copy', 'text', 'default'].includes(w))
  const joined = words.join('-')
  const candidates = [
    `/${joined}`,
    `/${words[0]}`,
    `/services/${words[0]}`,
    `/projects/${joined}`,
    `/examples/${joined}`,
    words.includes('workflow') || words.includes('process') ? '/process' : '',
    words.includes('faq') || words.includes('faqs') ? '/faqs' : '',
    words.includes('home') ? '/' : '',
    words.includes('cookies') ? '/cookie' : '',
  ].filter(Boolean)
  return candidates.find(knownPath) ?? (area === 'examples' ? '/examples' : '/')
}

function looksLikeAsset(value: string) {
  return /^(https?:)?\/\//.test(value) || /^\/?[\w./-]+\.(png|jpe?g|gif|webp|avif|svg|mp4|webm|pdf)$/i.test(value) || /^\/[\w/-]*$/.test(value)
}

/** Markdown and HTML down to readable text. */
function cleanText(value: string) {
  return value
    .replace(/<[^>]+>/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\$\$?[^$]*\$\$?/g, (m) => m.replace(/[\\{}$^_]/g, ' '))
    .replace(/(\*\*|__|[*`])/g, '')
    .replace(/[#>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,;:!?])/g, '$1')
    .trim()
}

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function humanize(key: string) {
  return key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
}

/** Groups pieces into passages of about PASSAGE_CHARS, splitting long pieces at sentence ends. */
function toPassages(pieces: string[]): string[] {
  const sentences = pieces.flatMap((p) => (p.length > PASSAGE_CHARS ? p.split(/(?<=[.!?])\s+(?=[A-Z0-9£])/) : [p]))
  const passages: string[] = []
  let current = ''
  for (const s of sentences) {
    const piece = /[.!?:;)]$/.test(s) ? s : `${s}.`
    if (current && current.length + piece.length + 1 > PASSAGE_CHARS) {
      passages.push(current)
      current = ''
    }
    current = current ? `${current} ${piece}` : piece
  }
  if (current) passages.push(current)
  return passages
}
