import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { comments } from '../../../server/db/schema'
import { HttpClient } from '../portal/support/http-client'
import { portalWithAccounts } from '../portal/support/portal-with-accounts'

interface CommentView {
  id: string
  author: string | null
  userId: string | null
}

/**
 * Blog comments are public. They must not reveal who wrote them beyond a display name: not the
 * commenter's email (harvestable, and a sign-in name), not their user id; and a commenter cannot
 * pick the name shown (passing as the company or as another client).
 */
describe('comments show a display name, never the commenter’s email or id', () => {
  const { portal, accounts, ids } = portalWithAccounts({ ADMIN_EMAILS: 'admin@example.test' }, { commenter: 'ada.lovelace@example.test', other: 'other@example.test', admin: 'admin@example.test' })
  let guest: HttpClient
  let postId: string

  beforeAll(async () => {
    guest = new HttpClient(portal.url)
    postId = (await accounts.admin.gql<{ createBlogPost: { id: string } }>('mutation { createBlogPost(input: { title: "Meshing", content: "Text" }) { id } }')).data!.createBlogPost.id
    await accounts.admin.gql('mutation($id: ID!) { publishBlogPost(id: $id) { id } }', { id: postId })
    // Shown at once, so every reader's view below has them.
    await accounts.admin.gql('mutation { updateBlogSettings(input: { holdComments: false }) { holdComments } }')
  })

  const comment = async (author?: string) => {
    // This test posts more comments than one account may in a few minutes: the count starts again.
    await portal.server.ctx.db.execute(sql`DELETE FROM rate_limit WHERE key LIKE 'comment:%'`)
    const r = await accounts.commenter.gql<{ createComment: CommentView }>('mutation($p: ID!, $a: String) { createComment(input: { blogPostId: $p, author: $a, comment: "Nice mesh" }) { id author userId } }', {
      p: postId,
      a: author,
    })
    expect(r.errors).toBeUndefined()
    return r.data!.createComment
  }
  const profile = (input: Record<string, string>) => accounts.commenter.gql('mutation($i: ProfileInput!) { updateProfile(input: $i) { userId } }', { i: input })

  it('sets the author from the profile: nickname, else given and family name, else "Client"; a chosen author is ignored', async () => {
    expect((await comment()).author).toBe('Client')
    expect((await comment('Meshwork Engineering')).author).toBe('Client')
    await profile({ given_name: 'Ada', family_name: 'Lovelace' })
    expect((await comment('admin@example.test')).author).toBe('Ada Lovelace')
    await profile({ nickname: 'Countess' })
    expect((await comment()).author).toBe('Countess')
    // Editing the text does not let the commenter rename the author either.
    const mine = await comment()
    const edited = await accounts.commenter.gql<{ updateComment: CommentView }>('mutation($id: ID!) { updateComment(id: $id, input: { author: "Support team", comment: "Edited" }) { author } }', { id: mine.id })
    expect(edited.data!.updateComment.author).toBe('Countess')
  })

  it('shows the commenter’s id to the commenter and admins only, and the email to nobody', async () => {
    const { id } = await comment()
    const query = `query($p: ID!, $id: ID!) {
      listComments(blogPostId: $p) { id author userId }
      getComment(id: $id) { id author userId }
      getBlogPost(id: $p) { comments { id author userId } }
    }`
    for (const [client, seesId] of [
      [guest, false],
      [accounts.other, false],
      [accounts.commenter, true],
      [accounts.admin, true],
    ] as const) {
      const res = await client.post('/graphql', { query, variables: { p: postId, id } })
      const raw = await res.text()
      expect(raw).not.toContain('ada.lovelace')
      const data = (JSON.parse(raw) as { data: { listComments: CommentView[]; getComment: CommentView; getBlogPost: { comments: CommentView[] } } }).data
      const seen = [...data.listComments, data.getComment, ...data.getBlogPost.comments]
      expect(seen.length).toBeGreaterThan(2)
      for (const c of seen) expect(c.userId).toBe(seesId ? ids.commenter : null)
      if (!seesId) expect(raw).not.toContain(ids.commenter)
    }
  })

  it('gives comments stored before (author: the commenter’s email) their display name when the database is migrated', async () => {
    const [legacy] = await portal.server.ctx.db
      .insert(comments)
      .values({ blogPostId: postId, userId: ids.commenter, author: 'ada.lovelace@example.test', comment: 'Old comment' })
      .returning()
    const [stray] = await portal.server.ctx.db.insert(comments).values({ blogPostId: postId, userId: null, author: 'someone@example.test', comment: 'Older' }).returning()
    const migration = readFileSync(new URL('../../../server/db/migrations/0006_comment-display-names.sql', import.meta.url), 'utf8')
    for (const statement of migration.split('--> statement-breakpoint')) await portal.server.ctx.db.execute(sql.raw(statement))
    const seen = await guest.gql<{ l: CommentView; s: CommentView }>('query($l: ID!, $s: ID!) { l: getComment(id: $l) { id author userId } s: getComment(id: $s) { id author userId } }', {
      l: legacy!.id,
      s: stray!.id,
    })
    expect(seen.data).toEqual({ l: { id: legacy!.id, author: 'Countess', userId: null }, s: { id: stray!.id, author: 'Client', userId: null } })
  })
})
