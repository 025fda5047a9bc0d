import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const blogPosts = pgTable('blog_post', {
  id: uuid('id').primaryKey().defaultRandom(),
  author: text('author'),
  index: text('index'),
  category: text('category'),
  subcategory: text('subcategory'),
  title: text('title'),
  image: text('image'),
  example: text('example'),
  summary: text('summary'),
  content: text('content'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const comments = pgTable('comment', {
  id: uuid('id').primaryKey().defaultRandom(),
  author: text('author'),
  index: text('index'),
  blogPostId: uuid('blog_post_id')
    .notNull()
    .references(() => blogPosts.id, { onDelete: 'cascade' }),
  userId: text('user_id'),
  comment: text('comment'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
