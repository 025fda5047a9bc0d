import { inArray } from 'drizzle-orm'
import { BLOG_IMAGE_PREFIX, markdownImages } from '../../../lib/blog/blog-post-schema'
import { getAppContext } from '../../context/app-context'
import { blogImages } from '../../db/schema'
import type { ImageSizes } from '../../markdown/render-post-markdown'

function storagePathOf(src: string): string | null {
  if (!src.startsWith(BLOG_IMAGE_PREFIX)) return null
  try {
    return decodeURI(src.slice('/files/'.length))
  } catch {
    return null
  }
}

/** The stored sizes of the blog images a post's text shows (read from each file when it was uploaded). */
export async function loadImageSizes(markdown: string): Promise<ImageSizes> {
  const paths = [...new Set(markdownImages(markdown).map((image) => storagePathOf(image.src)).filter((p): p is string => p !== null))]
  if (paths.length === 0) return new Map()
  const { db } = getAppContext()
  const rows = await db.select().from(blogImages).where(inArray(blogImages.path, paths.slice(0, 500)))
  return new Map(rows.map((row) => [row.path, { width: row.width, height: row.height }]))
}
