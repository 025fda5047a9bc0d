import type { CommentStatus } from '../../../lib/blog/blog-view'
import { deleteComment } from '../../../server/services/comments/delete-comment'
import { listCommentsForModeration } from '../../../server/services/comments/list-comments-for-moderation'
import { moderateComment } from '../../../server/services/comments/moderate-comment'
import { signedInAction, signedInLoad, textOf } from './signed-in-route.server'

const tabs: readonly CommentStatus[] = ['pending', 'hidden', 'published']

export function loadModerationQueue(request: Request) {
  const asked = new URL(request.url).searchParams.get('status')
  const status = tabs.find((tab) => tab === asked) ?? 'pending'
  return signedInLoad(request, async (actor) => ({
    status,
    comments: (await listCommentsForModeration({ actor, status })).map(({ userId: _userId, ...comment }) => comment),
  }))
}

export function runModerationAction(request: Request) {
  return signedInAction(request, {
    approve: async (actor, form) => {
      await moderateComment({ actor, id: textOf(form, 'id'), decision: 'approve' })
      return { message: 'Approved' }
    },
    hide: async (actor, form) => {
      await moderateComment({ actor, id: textOf(form, 'id'), decision: 'hide' })
      return { message: 'Hidden' }
    },
    delete: async (actor, form) => {
      await deleteComment({ actor, id: textOf(form, 'id') })
      return { message: 'Deleted' }
    },
  })
}
