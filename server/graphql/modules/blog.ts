import type { BlogPostInput } from '../../services/blog-posts/blog-post-types'
import { createBlogPost } from '../../services/blog-posts/create-blog-post'
import { deleteBlogPost } from '../../services/blog-posts/delete-blog-post'
import { getBlogPost } from '../../services/blog-posts/get-blog-post'
import { listBlogPosts } from '../../services/blog-posts/list-blog-posts'
import { updateBlogPost } from '../../services/blog-posts/update-blog-post'
import type { BlogPost } from '../../services/blog-posts/blog-post-types'
import type { CommentInput } from '../../services/comments/comment-types'
import { createComment } from '../../services/comments/create-comment'
import { deleteComment } from '../../services/comments/delete-comment'
import { getComment } from '../../services/comments/get-comment'
import { listComments } from '../../services/comments/list-comments'
import { updateComment } from '../../services/comments/update-comment'
import type { Comment } from '../../services/comments/comment-types'
import type { GraphqlModule } from '../graphql-module'

/** BlogPost (public read, admin write) and Comment (signed-in write, author or admin edit). */
export const blogModule: GraphqlModule = {
  name: 'blog',
  typeDefs: /* GraphQL */ `
    type BlogPost {
      id: ID!
      author: String
      index: String
      category: String
      subcategory: String
      title: String
      image: String
      example: String
      summary: String
      content: String
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
      blogPost: BlogPost
      createdAt: String!
      updatedAt: String!
    }
    input BlogPostInput {
      author: String
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
    extend type Query {
      listBlogPosts(limit: Int): [BlogPost!]!
      getBlogPost(id: ID!): BlogPost!
      listComments(blogPostId: ID, limit: Int): [Comment!]!
      getComment(id: ID!): Comment!
    }
    extend type Mutation {
      createBlogPost(input: BlogPostInput!): BlogPost!
      updateBlogPost(id: ID!, input: BlogPostInput!): BlogPost!
      deleteBlogPost(input: DeleteInput!): BlogPost!
      createComment(input: CreateCommentInput!): Comment!
      updateComment(id: ID!, input: CommentInput!): Comment!
      deleteComment(input: DeleteInput!): Comment!
    }
  `,
  resolvers: {
    BlogPost: {
      comments: (post: BlogPost, _: unknown, { actor }) => listComments({ actor, blogPostId: post.id }),
    },
    Comment: {
      blogPost: (comment: Comment, _: unknown, { actor }) => getBlogPost({ actor, id: comment.blogPostId }).catch(() => null),
    },
    Query: {
      listBlogPosts: (_: unknown, args: { limit?: number | null }, { actor }) => listBlogPosts({ actor, limit: args.limit ?? undefined }),
      getBlogPost: (_: unknown, args: { id: string }, { actor }) => getBlogPost({ actor, id: args.id }),
      listComments: (_: unknown, args: { blogPostId?: string | null; limit?: number | null }, { actor }) =>
        listComments({ actor, blogPostId: args.blogPostId, limit: args.limit ?? undefined }),
      getComment: (_: unknown, args: { id: string }, { actor }) => getComment({ actor, id: args.id }),
    },
    Mutation: {
      createBlogPost: (_: unknown, args: { input: BlogPostInput }, { actor }) => createBlogPost({ actor, input: { ...args.input } }),
      updateBlogPost: (_: unknown, args: { id: string; input: BlogPostInput }, { actor }) => updateBlogPost({ actor, id: args.id, input: { ...args.input } }),
      deleteBlogPost: (_: unknown, args: { input: { id: string } }, { actor }) => deleteBlogPost({ actor, id: args.input.id }),
      createComment: (_: unknown, args: { input: CommentInput & { blogPostId: string } }, { actor }) => {
        const { blogPostId, ...input } = args.input
        return createComment({ actor, blogPostId, input })
      },
      updateComment: (_: unknown, args: { id: string; input: CommentInput }, { actor }) => updateComment({ actor, id: args.id, input: { ...args.input } }),
      deleteComment: (_: unknown, args: { input: { id: string } }, { actor }) => deleteComment({ actor, id: args.input.id }),
    },
  },
}
