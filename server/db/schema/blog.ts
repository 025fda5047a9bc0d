import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { uuidId, moment, createdAt, updatedAt, ownerColumn, extensionKey } from './columns'
import { userColumn } from './user-column'
import { storedFiles } from './files'

/**
 * A blog post. `slug` is its address (/blog/{slug}); an address it had before lives on in
 * blog_post_slug and redirects here. A draft is seen by admins only; `published_at` is set the first
 * time it is published and kept when it is unpublished and published again (the date readers saw).
 */
export const blogPosts = pgTable(
  'blog_post',
  {
    id: uuidId(),
    slug: text('slug').notNull().unique(),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    publishedAt: moment('published_at'),
    /** The admin who wrote it; the post stays when their account goes. */
    authorUserId: userColumn('author_user_id', 'set null'),
    /** The author's display name when the post was last saved. */
    author: text('author'),
    index: text('index'),
    category: text('category'),
    subcategory: text('subcategory'),
    title: text('title'),
    image: text('image'),
    example: text('example'),
    summary: text('summary'),
    /** Markdown. */
    content: text('content'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('blog_post_published_idx').on(t.status, t.publishedAt)],
)

/** An address a post had before: /blog/{slug} redirects to the post's current one. */
export const blogPostSlugs = pgTable('blog_post_slug', {
  slug: text('slug').primaryKey(),
  blogPostId: ownerColumn('blog_post_id', () => blogPosts.id),
  createdAt: createdAt(),
})

/**
 * A comment. 'pending' waits for an admin (when the blog holds comments for moderation), 'published'
 * is shown to everyone, 'hidden' to its author and admins only.
 */
export const comments = pgTable(
  'comment',
  {
    id: uuidId(),
    author: text('author'),
    index: text('index'),
    blogPostId: ownerColumn('blog_post_id', () => blogPosts.id),
    /** The commenter; a closed account takes its comments with it. */
    userId: userColumn('user_id', 'cascade'),
    comment: text('comment'),
    status: text('status', { enum: ['pending', 'published', 'hidden'] })
      .notNull()
      .default('published'),
    /** When its author last changed the text (null: never edited). */
    editedAt: moment('edited_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('comment_post_idx').on(t.blogPostId, t.createdAt), index('comment_status_idx').on(t.status)],
)

/** The blog's settings: one row. */
export const blogSettings = pgTable(
  'blog_setting',
  {
    id: boolean('id').primaryKey().default(true),
    /** Comments wait for an admin's approval before anyone else sees them. */
    holdComments: boolean('hold_comments').notNull().default(true),
    updatedBy: userColumn('updated_by', 'set null'),
    updatedAt: updatedAt(),
  },
  (t) => [check('blog_setting_one_row', sql`${t.id}`)],
)

/** An image uploaded for a post, with its size in pixels (read from the file), so pages reserve its space. */
export const blogImages = pgTable('blog_image', {
  path: extensionKey('path', () => storedFiles.path),
  blogPostId: ownerColumn('blog_post_id', () => blogPosts.id),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
})
