import { z } from '../zod'
import { blogRules } from './blog-rules'
import { slugPattern } from './slugify'

/**
 * A blog post as an admin writes it: one schema for the editor (checked in the browser before
 * saving), the editor's action, the blog services and GraphQL's BlogPostInput. Its field names are the
 * database columns. `author` is not among them: the server shows the writer's display name. Whether a
 * post is published is not a field either: publishing and unpublishing are their own actions.
 */

/** Optional text: trimmed; empty, missing or null is "none". */
function text(max: number, message = `At most ${max} characters`) {
  return z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z
      .string()
      .trim()
      .max(max, message)
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
  )
}

/** Where a post's images live: uploaded through the editor, served by the site. */
export const BLOG_IMAGE_PREFIX = '/files/blog-images/'

export const IMAGE_ALT_MESSAGE = 'Every image needs a description: write what it shows between the square brackets, ![like this](…)'
export const IMAGE_SOURCE_MESSAGE = 'Images must be uploaded with the "Add image" button'
export const SLUG_MESSAGE = 'Use lower-case letters, digits and single hyphens (like "meshing-a-silo")'

/** Every inline image of a Markdown text: its description and its address. */
export function markdownImages(markdown: string): { alt: string; src: string }[] {
  const found: { alt: string; src: string }[] = []
  for (const m of markdown.matchAll(/!\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g)) found.push({ alt: m[1]!, src: m[2]! })
  return found
}

/** Why the images of a post's text are refused, or null: each needs alt text and must be one of the blog's uploads. */
export function imageProblem(markdown: string): string | null {
  const images = markdownImages(markdown)
  if (images.some((image) => image.alt.trim() === '')) return IMAGE_ALT_MESSAGE
  if (images.some((image) => !image.src.startsWith(BLOG_IMAGE_PREFIX))) return IMAGE_SOURCE_MESSAGE
  return null
}

export const blogPostSchema = z.object({
  title: z.preprocess((v) => v ?? '', z.string().trim().min(1, 'Please enter a title').max(blogRules.titleMax, `Titles are at most ${blogRules.titleMax} characters`)),
  /** Empty: made from the title. */
  slug: z.preprocess(
    (v) => (v === null || v === '' ? undefined : typeof v === 'string' ? v.trim() : v),
    z.string().max(blogRules.slugMax, `Addresses are at most ${blogRules.slugMax} characters`).regex(slugPattern, SLUG_MESSAGE).optional(),
  ),
  summary: text(blogRules.summaryMax, `Summaries are at most ${blogRules.summaryMax} characters`),
  content: z.preprocess(
    (v) => v ?? '',
    z
      .string()
      .max(blogRules.contentMax, `Posts are at most ${blogRules.contentMax.toLocaleString('en-GB')} characters`)
      .superRefine((markdown, ctx) => {
        const problem = imageProblem(markdown)
        if (problem) ctx.addIssue({ code: 'custom', message: problem })
      }),
  ),
  category: text(100),
  subcategory: text(100),
  index: text(100),
  example: text(1000),
  /** The picture shown when the post is shared (Open Graph): one of its uploads. */
  image: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.string().trim().max(1000).startsWith(BLOG_IMAGE_PREFIX, IMAGE_SOURCE_MESSAGE).optional(),
  ),
})

export type BlogPostFormInput = z.input<typeof blogPostSchema>
export type BlogPostFields = z.output<typeof blogPostSchema>
export type BlogPostField = keyof BlogPostFields
