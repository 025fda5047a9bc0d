import { createBlogPost } from '../../../server/services/blog-posts/create-blog-post'
import { getBlogAdminOverview } from '../../../server/services/blog-posts/get-blog-admin-overview'
import { updateBlogSettings } from '../../../server/services/blog-settings/update-blog-settings'
import { signedInAction, signedInLoad, redirect, textOf } from './signed-in-route.server'

export function loadBlogAdmin(request: Request) {
  return signedInLoad(request, (actor) => getBlogAdminOverview({ actor }))
}

export function runBlogAdminAction(request: Request) {
  return signedInAction(request, {
    'create-post': async (actor, form) => {
      const post = await createBlogPost({ actor, input: { title: textOf(form, 'title') } })
      return redirect(`/profile/blog/${post.id}`)
    },
    'update-settings': async (actor, form) => {
      const settings = await updateBlogSettings({ actor, input: { holdComments: form.get('holdComments') } })
      return { message: settings.holdComments ? 'Saved: comments wait for approval' : 'Saved: comments are published at once' }
    },
  })
}
