import type { BlogPostFormInput } from '../../../lib/blog/blog-post-schema'
import { deleteBlogPost } from '../../../server/services/blog-posts/delete-blog-post'
import { getBlogPostForEditing } from '../../../server/services/blog-posts/get-blog-post-for-editing'
import { previewBlogPost } from '../../../server/services/blog-posts/preview-blog-post'
import { publishBlogPost } from '../../../server/services/blog-posts/publish-blog-post'
import { unpublishBlogPost } from '../../../server/services/blog-posts/unpublish-blog-post'
import { updateBlogPost } from '../../../server/services/blog-posts/update-blog-post'
import { getAppContext } from '../../../server/context/app-context'
import { signedInAction, signedInLoad, redirect, textOf } from './signed-in-route.server'

/** The editor's fields, as the form names them (the schema's names). */
const fields = ['title', 'slug', 'summary', 'content', 'image'] as const

function postInput(form: FormData): Partial<BlogPostFormInput> {
  return Object.fromEntries(fields.map((name) => [name, textOf(form, name)]))
}

export function loadBlogPostEditor(request: Request, id: string) {
  return signedInLoad(request, async (actor) => ({ post: await getBlogPostForEditing({ actor, id }), maxUploadBytes: getAppContext().env.UPLOAD_MAX_BYTES }))
}

export function runBlogPostEditorAction(request: Request, id: string) {
  return signedInAction(request, {
    save: async (actor, form) => {
      await updateBlogPost({ actor, id, input: postInput(form) })
      return { message: 'Saved' }
    },
    publish: async (actor, form) => {
      await updateBlogPost({ actor, id, input: postInput(form) })
      await publishBlogPost({ actor, id })
      return { message: 'Published: everyone can read it now' }
    },
    unpublish: async (actor) => {
      await unpublishBlogPost({ actor, id })
      return { message: 'Unpublished: only admins see it now' }
    },
    delete: async (actor) => {
      await deleteBlogPost({ actor, id })
      return redirect('/profile/blog')
    },
    preview: async (actor, form) => {
      const { html, hasMaths } = await previewBlogPost({ actor, content: textOf(form, 'content') })
      return { preview: { html, hasMaths } }
    },
  })
}
