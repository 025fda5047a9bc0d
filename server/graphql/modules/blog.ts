import type { BlogPostFormInput } from '../../../lib/blog/blog-post-schema'
import type { CommentStatus } from '../../../lib/blog/blog-view'
import type { CommentFormInput } from '../../../lib/blog/comment-schema'
import { clientIpFromRequest } from '../../http/client-ip'
import type { BlogPost } from '../../services/blog-posts/blog-post-types'
import { createBlogPost } from '../../services/blog-posts/create-blog-post'
import { deleteBlogPost } from '../../services/blog-posts/delete-blog-post'
import { getBlogPost } from '../../services/blog-posts/get-blog-post'
import { listBlogPosts } from '../../services/blog-posts/list-blog-posts'
import { previewBlogPost } from '../../services/blog-posts/preview-blog-post'
import { publishBlogPost } from '../../services/blog-posts/publish-blog-post'
import { renderBlogPost } from '../../services/blog-posts/render-blog-post'
import { unpublishBlogPost } from '../../services/blog-posts/unpublish-blog-post'
import { updateBlogPost } from '../../services/blog-posts/update-blog-post'
import { getBlogSettings } from '../../services/blog-settings/get-blog-settings'
import { updateBlogSettings } from '../../services/blog-settings/update-blog-settings'
import type { Comment } from '../../services/comments/comment-types'
import { createComment } from '../../services/comments/create-comment'
import { deleteComment } from '../../services/comments/delete-comment'
import { getComment } from '../../services/comments/get-comment'
import { listComments } from '../../services/comments/list-comments'
import { moderateComment } from '../../services/comments/moderate-comment'
import { updateComment } from '../../services/comments/update-comment'
import type { GraphqlModule } from './graphql-module'

const commentStatuses: readonly string[] = ['pending', 'published', 'hidden']

/**
 * BlogPost (published: anyone reads; drafts and every write: admins) and Comment (signed-in users
 * write; the author edits or deletes within the edit window; admins approve, hide and delete), and the
 * blog's settings (anyone reads, admins write).
 */
export const blogModule: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    type BlogPost {
      id: ID!
      "The post's address: /blog/{slug}. Its earlier addresses redirect to it."
      slug: String!
      "draft (admins only) or published."
      status: String!
      "When it was first published (ISO time); null for a draft never published."
      publishedAt: String
      "The writer's display name."
      author: String
      "The admin who wrote it: for admins only, null for everyone else."
      authorUserId: String
      index: String
      category: String
      subcategory: String
      title: String
      "The picture shown when the post is shared (a /files/blog-images/ path)."
      image: String
      example: String
      summary: String
      "The text, in Markdown."
      content: String
      "The text as the post page shows it (HTML, rendered on the server; no raw HTML from the text)."
      html: String!
      readingMinutes: Int!
      comments: [Comment!]!
      createdAt: String!
      updatedAt: String!
    }
    type Comment {
      id: ID!
      "The commenter's display name (nickname, else given and family name, else Client), set by the server."
      author: String
      index: String
      blogPostId: ID!
      "The commenter's user id: only for the commenter and admins, null for everyone else."
      userId: String
      comment: String
      "pending (waiting for approval: its author and admins see it), published or hidden (its author and admins)."
      status: String!
      "When its author last changed it (ISO time), or null."
      editedAt: String
      blogPost: BlogPost
      createdAt: String!
      updatedAt: String!
    }
    type BlogSettings {
      "Comments wait for an admin's approval before anyone else sees them."
      holdComments: Boolean!
    }
    input BlogPostInput {
      "Ignored: the server shows the writer's display name."
      author: String
      "Empty: made from the title. Left out on update: kept."
      slug: String
      index: String
      category: String
      subcategory: String
      title: String
      image: String
      example: String
      summary: String
      content: String
    }
    input CreateCommentInput {
      blogPostId: ID!
      "Ignored: the server shows the commenter's display name."
      author: String
      index: String
      comment: String!
    }
    input CommentInput {
      "Ignored: the server shows the commenter's display name."
      author: String
      index: String
      comment: String!
    }
    input BlogSettingsInput {
      holdComments: Boolean!
    }
    extend type Query {
      "Published posts, newest first; with includeDrafts, an admin gets the drafts too."
      listBlogPosts(limit: Int, includeDrafts: Boolean): [BlogPost!]!
      getBlogPost(id: ID!): BlogPost!
      "The comments the viewer may see, of one post (oldest first) or of all (newest first)."
      listComments(blogPostId: ID, status: String, limit: Int): [Comment!]!
      getComment(id: ID!): Comment!
      blogSettings: BlogSettings!
      "Markdown rendered as a post page shows it: the editor's preview (admins)."
      previewBlogPost(content: String!): String!
    }
    extend type Mutation {
      "A new draft."
      createBlogPost(input: BlogPostInput!): BlogPost!
      updateBlogPost(id: ID!, input: BlogPostInput!): BlogPost!
      publishBlogPost(id: ID!): BlogPost!
      "Back to draft: only admins see it."
      unpublishBlogPost(id: ID!): BlogPost!
      deleteBlogPost(input: DeleteInput!): BlogPost!
      createComment(input: CreateCommentInput!): Comment!
      updateComment(id: ID!, input: CommentInput!): Comment!
      deleteComment(input: DeleteInput!): Comment!
      "decision: approve or hide."
      moderateComment(id: ID!, decision: String!): Comment!
      updateBlogSettings(input: BlogSettingsInput!): BlogSettings!
    }
  `,
  resolvers: {
    BlogPost: {
      comments: (post: BlogPost, _: unknown, { actor }) => listComments({ actor, blogPostId: post.id }),
      html: async (post: BlogPost) => (await renderBlogPost({ id: post.id, content: post.content, updatedAt: new Date(post.updatedAt) })).html,
    },
    Comment: {
      blogPost: (comment: Comment, _: unknown, { actor }) => getBlogPost({ actor, id: comment.blogPostId }).catch(() => null),
    },
    Query: {
      listBlogPosts: (_: unknown, args: { limit?: number | null; includeDrafts?: boolean | null }, { actor }) =>
        listBlogPosts({ actor, limit: args.limit ?? undefined, includeDrafts: args.includeDrafts ?? false }),
      getBlogPost: (_: unknown, args: { id: string }, { actor }) => getBlogPost({ actor, id: args.id }),
      listComments: (_: unknown, args: { blogPostId?: string | null; status?: string | null; limit?: number | null }, { actor }) =>
        listComments({
          actor,
          blogPostId: args.blogPostId,
          status: args.status && commentStatuses.includes(args.status) ? (args.status as CommentStatus) : null,
          limit: args.limit ?? undefined,
        }),
      getComment: (_: unknown, args: { id: string }, { actor }) => getComment({ actor, id: args.id }),
      blogSettings: () => getBlogSettings(),
      previewBlogPost: async (_: unknown, args: { content: string }, { actor }) => (await previewBlogPost({ actor, content: args.content })).html,
    },
    Mutation: {
      createBlogPost: (_: unknown, args: { input: BlogPostFormInput }, { actor }) => createBlogPost({ actor, input: { ...args.input } }),
      updateBlogPost: (_: unknown, args: { id: string; input: BlogPostFormInput }, { actor }) => updateBlogPost({ actor, id: args.id, input: { ...args.input } }),
      publishBlogPost: (_: unknown, args: { id: string }, { actor }) => publishBlogPost({ actor, id: args.id }),
      unpublishBlogPost: (_: unknown, args: { id: string }, { actor }) => unpublishBlogPost({ actor, id: args.id }),
      deleteBlogPost: (_: unknown, args: { input: { id: string } }, { actor }) => deleteBlogPost({ actor, id: args.input.id }),
      createComment: (_: unknown, args: { input: CommentFormInput & { blogPostId: string } }, { actor, request }) => {
        const { blogPostId, ...input } = args.input
        return createComment({ actor, blogPostId, input, clientIp: clientIpFromRequest(request) ?? 'unknown' })
      },
      updateComment: (_: unknown, args: { id: string; input: CommentFormInput }, { actor }) => updateComment({ actor, id: args.id, input: { ...args.input } }),
      deleteComment: (_: unknown, args: { input: { id: string } }, { actor }) => deleteComment({ actor, id: args.input.id }),
      moderateComment: (_: unknown, args: { id: string; decision: string }, { actor }) => moderateComment({ actor, id: args.id, decision: args.decision }),
      updateBlogSettings: (_: unknown, args: { input: { holdComments: boolean } }, { actor }) => updateBlogSettings({ actor, input: { ...args.input } }),
    },
  },
}
