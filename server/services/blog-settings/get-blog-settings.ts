import type { BlogSettings } from '../../../lib/blog/blog-settings-schema'
import { getAppContext } from '../../context/app-context'
import { blogSettings } from '../../db/schema'

/**
 * The blog's settings. Public: a commenter is told whether their comment waits for approval. Without
 * the row (a database restored from before it existed) comments are held, the careful default.
 */
export async function getBlogSettings(): Promise<BlogSettings> {
  const { db } = getAppContext()
  const [row] = await db.select({ holdComments: blogSettings.holdComments }).from(blogSettings).limit(1)
  return { holdComments: row?.holdComments ?? true }
}
