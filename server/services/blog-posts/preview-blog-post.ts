import { blogRules } from '../../../lib/blog/blog-rules'
import { AppError } from '../../errors/app-error'
import { renderPostMarkdown, type RenderedPost } from '../../markdown/render-post-markdown'
import { requireAdmin, type MaybeActor } from '../shared/authorize'
import { loadImageSizes } from './load-image-sizes'

/** The editor's live preview: the text rendered as the post page will show it, for the admin writing it. */
export async function previewBlogPost({ actor, content }: { actor: MaybeActor; content: string }): Promise<RenderedPost> {
  requireAdmin(actor)
  if (content.length > blogRules.contentMax) throw new AppError('BAD_REQUEST', `Posts are at most ${blogRules.contentMax.toLocaleString('en-GB')} characters`)
  return renderPostMarkdown(content, await loadImageSizes(content))
}
