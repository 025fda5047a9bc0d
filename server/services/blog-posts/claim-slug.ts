import { and, eq, ne } from 'drizzle-orm'
import type { Database } from '../../db/open-database'
import { blogPosts, blogPostSlugs } from '../../db/schema'
import { AppError } from '../../errors/app-error'

type Tx = Pick<Database, 'select' | 'insert' | 'delete'>

export const SLUG_TAKEN_MESSAGE = 'Another post has this address'
export const SLUG_REDIRECTS_MESSAGE = 'This address was another post’s and still leads to it'

function slugError(message: string): AppError {
  return new AppError('BAD_REQUEST', message, { fieldErrors: { slug: [message] } })
}

/** Whether `slug` is free for post `postId` (null: a new post): no other post has it now or had it before. */
export async function isSlugFree(tx: Tx, slug: string, postId: string | null): Promise<boolean> {
  const [current] = await tx
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(postId ? and(eq(blogPosts.slug, slug), ne(blogPosts.id, postId)) : eq(blogPosts.slug, slug))
    .limit(1)
  if (current) return false
  const [old] = await tx.select({ postId: blogPostSlugs.blogPostId }).from(blogPostSlugs).where(eq(blogPostSlugs.slug, slug)).limit(1)
  return !old || old.postId === postId
}

/**
 * The first free address from `base`: itself, then "base-2", "base-3"... (a title written twice).
 * For an address the admin typed, use `requireFreeSlug` instead: they chose it, so they are told.
 */
export async function freeSlugFrom(tx: Tx, base: string, postId: string | null): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`
    if (await isSlugFree(tx, candidate, postId)) return candidate
  }
}

export async function requireFreeSlug(tx: Tx, slug: string, postId: string | null): Promise<void> {
  if (await isSlugFree(tx, slug, postId)) return
  const [current] = await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1)
  throw slugError(current ? SLUG_TAKEN_MESSAGE : SLUG_REDIRECTS_MESSAGE)
}

/**
 * Addresses stay: when post `postId` moves from `previous` to `slug`, the old address is kept and
 * redirects to the new one; an address of its own it takes back stops redirecting.
 */
export async function recordSlugChange(tx: Tx, postId: string, previous: string, slug: string): Promise<void> {
  await tx.delete(blogPostSlugs).where(and(eq(blogPostSlugs.slug, slug), eq(blogPostSlugs.blogPostId, postId)))
  if (previous !== slug) await tx.insert(blogPostSlugs).values({ slug: previous, blogPostId: postId }).onConflictDoNothing()
}

/** A unique-violation of the slug (two saves racing for one address) as the field's message. */
export function asSlugConflict(error: unknown): unknown {
  const code = (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code
  return code === '23505' ? slugError(SLUG_TAKEN_MESSAGE) : error
}
