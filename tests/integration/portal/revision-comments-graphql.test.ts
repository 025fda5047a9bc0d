import { describe, expect, it } from 'vitest'
import type { PinnedView } from '../../../lib/review-comments'
import { gqlData, HttpClient } from './support/http-client'
import { MODEL_PIN, portalWithReleasedJob } from './support/released-job'

const commentFields = `id revisionId revisionCode author side mine body resolvedBy resolvedAt carriedFrom at canResolve
  view { kind point camera { position target up } sections { along normal offset flipped } hiddenParts center zoom page }
  replies { id author side mine body at }`

/** A GraphQL answer's view in the viewer's own shape: the fields its kind has, none of the other kind's nulls. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls)
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (v === null ? [] : [[k, withoutNulls(v)]])))
  return value
}

/**
 * A revision's comments over GraphQL: read by whoever reads the job's deliverables, exactly as the job's
 * page shows them; added (pinned with the view as the viewer keeps it, or as a reply), resolved and
 * reopened by whoever may comment, with the same checks and the same words as the page's forms.
 */
describe('comments on revisions over GraphQL', () => {
  const { portal, accounts, job, view, nextRevision } = portalWithReleasedJob('gql-pins', { name: 'Frame review', fileName: 'frame.pdf' })
  const pin = MODEL_PIN
  const drawingPin: PinnedView = { kind: 'drawing', point: [40, 25], center: [50, 30], zoom: 2.5 }
  const pagePin: PinnedView = { kind: 'page', page: 2, point: [0.25, 0.5], zoom: 1.5 }

  const pageComments = async (c: HttpClient) => (await view(c)).review.documents[0]!.revisions.find((r) => r.id === job.firstRevision)!.comments
  const apiComments = async (c: HttpClient) =>
    (await gqlData<{ revisionComments: unknown[] }>(c, `query($j: ID!, $r: ID!) { revisionComments(jobId: $j, revisionId: $r) { ${commentFields} } }`, { j: job.id, r: job.firstRevision })).revisionComments
  const add = (c: HttpClient, variables: Record<string, unknown>) =>
    c.gql<{ addRevisionComment: string }>('mutation($j: ID!, $r: ID!, $b: String!, $p: ID, $v: PinnedViewInput) { addRevisionComment(jobId: $j, revisionId: $r, body: $b, parentId: $p, view: $v) }', {
      j: job.id,
      r: job.firstRevision,
      ...variables,
    })
  const resolve = (c: HttpClient, commentId: string, resolved: boolean) =>
    c.gql<{ resolveRevisionComment: { id: string; resolved: boolean } }>('mutation($j: ID!, $c: ID!, $x: Boolean!) { resolveRevisionComment(jobId: $j, commentId: $c, resolved: $x) { id resolved } }', {
      j: job.id,
      c: commentId,
      x: resolved,
    })

  it('a member pins comments with their views, the consultancy replies and resolves, and every reader gets what the page shows', async () => {
    const made = await add(accounts.member, { b: 'The left gusset looks thin', v: pin })
    expect(made.errors).toBeUndefined()
    const onDrawing = await add(accounts.owner, { b: 'Dimension the slot', v: drawingPin })
    expect(onDrawing.errors).toBeUndefined()
    const onPage = await add(accounts.owner, { b: 'The title block lacks the scale', v: pagePin })
    expect(onPage.errors).toBeUndefined()
    const thin = made.data!.addRevisionComment
    const reply = await add(accounts.admin, { b: 'Thickened to 6 mm in P02', p: thin })
    expect(reply.errors).toBeUndefined()
    expect((await resolve(accounts.admin, thin, true)).data?.resolveRevisionComment).toEqual({ id: thin, resolved: true })

    for (const reader of [accounts.owner, accounts.member, accounts.viewer, accounts.admin]) {
      const fromApi = await apiComments(reader)
      expect(withoutNulls(fromApi)).toEqual(withoutNulls(await pageComments(reader)))
    }
    const seen = (await apiComments(accounts.viewer)) as { body: string; view: unknown; resolvedBy: string | null; replies: { body: string }[]; canResolve: boolean }[]
    expect(seen.map((c) => [c.body, withoutNulls(c.view), c.resolvedBy, c.replies.map((r) => r.body), c.canResolve])).toEqual([
      ['The left gusset looks thin', pin, 'Meshwork Engineering', ['Thickened to 6 mm in P02'], false],
      ['Dimension the slot', drawingPin, null, [], false],
      ['The title block lacks the scale', pagePin, null, [], false],
    ])
    // Reopened by the client.
    expect((await resolve(accounts.member, thin, false)).data?.resolveRevisionComment).toEqual({ id: thin, resolved: false })
    expect(((await apiComments(accounts.owner)) as { resolvedAt: string | null }[])[0]!.resolvedAt).toBeNull()
  })

  it('refuses a pin or a comment with the words the page’s form says', async () => {
    const badPins: [unknown, string][] = [
      [{ ...pin, sections: Array.from({ length: 7 }, () => pin.sections[0]) }, 'At most 6 section planes'],
      [{ kind: 'drawing', point: [1, 2], center: [0, 0], zoom: -1 }, 'Too small: expected number to be >0'],
      [{ kind: 'model', point: [1, 2, 3] }, ''],
    ]
    for (const [bad, words] of badPins) {
      const api = await add(accounts.member, { b: 'Here', v: bad })
      expect(api.errors?.[0]?.extensions?.code, JSON.stringify(api.errors)).toBe('BAD_REQUEST')
      const page = await accounts.member.fetch(`/profile/jobs/${job.id}`, { method: 'POST', body: new URLSearchParams({ intent: 'comment-revision', revisionId: job.firstRevision, body: 'Here', view: JSON.stringify(bad) }) })
      expect(page.status).toBe(400)
      if (!words) continue
      // The same schema: the same words, which the page's answer (its data escaped in a script) carries.
      expect(api.errors![0]!.message).toBe(words)
      expect((await page.text()).replaceAll('\\u003e', '>')).toContain(words)
    }
    const empty = await add(accounts.member, { b: '   ' })
    expect(empty.errors?.[0]?.message).toBe('Write a comment')
    const pinnedReply = await add(accounts.admin, { b: 'x', p: ((await apiComments(accounts.admin)) as { id: string }[])[0]!.id, v: drawingPin })
    expect(pinnedReply.errors?.[0]?.message).toBe('A reply is not pinned: it answers its comment')
  })

  it('refuses a viewer of the company, another company and a guest what the page refuses them', async () => {
    const guest = new HttpClient(portal.url)
    for (const c of [accounts.viewer, accounts.other, guest]) {
      expect((await add(c, { b: 'Looks fine' })).errors?.[0]?.message).toBe('Unauthorized')
    }
    const first = ((await apiComments(accounts.owner)) as { id: string }[])[0]!.id
    for (const c of [accounts.viewer, accounts.other, guest]) expect((await resolve(c, first, true)).errors?.[0]?.message).toBe('Unauthorized')
    for (const c of [accounts.other, guest]) {
      const read = await c.gql(`query($j: ID!, $r: ID!) { revisionComments(jobId: $j, revisionId: $r) { id body } }`, { j: job.id, r: job.firstRevision })
      expect(read.errors?.[0]?.message).toBe('Unauthorized')
    }
  })

  it('offers commenting on the page exactly to those the server lets comment', async () => {
    for (const [role, c] of Object.entries({ owner: accounts.owner, member: accounts.member, viewer: accounts.viewer, admin: accounts.admin })) {
      const revision = (await view(c)).review.documents[0]!.revisions.find((r) => r.id === job.firstRevision)!
      const added = await add(c, { b: `A note from the ${role}` })
      const first = revision.comments[0]!.id
      const resolved = await resolve(c, first, revision.comments[0]!.resolvedAt === null)
      expect({ role, offered: revision.canComment, resolveOffered: revision.comments[0]!.canResolve }).toEqual({ role, offered: added.errors === undefined, resolveOffered: resolved.errors === undefined })
    }
  })

  it('keeps work in progress the consultancy’s: the client neither reads nor comments on an unissued revision', async () => {
    // Back in progress, as a returned release leaves it; the next revision of the same document.
    await nextRevision()
    const wip = (await view(accounts.admin)).review.documents[0]!.revisions[0]!
    expect(wip.code).toBeNull()
    const read = await accounts.owner.gql('query($j: ID!, $r: ID!) { revisionComments(jobId: $j, revisionId: $r) { id } }', { j: job.id, r: wip.id })
    expect(read.errors?.[0]?.message).toBe('Revision not found')
    expect((await accounts.member.gql('mutation($j: ID!, $r: ID!) { addRevisionComment(jobId: $j, revisionId: $r, body: "Early look") }', { j: job.id, r: wip.id })).errors?.[0]?.message).toBe('Revision not found')
    const ours = await accounts.admin.gql<{ addRevisionComment: string }>('mutation($j: ID!, $r: ID!) { addRevisionComment(jobId: $j, revisionId: $r, body: "Check before issuing") }', { j: job.id, r: wip.id })
    expect(ours.errors).toBeUndefined()
    const theirs = await gqlData<{ revisionComments: { body: string }[] }>(accounts.admin, 'query($j: ID!, $r: ID!) { revisionComments(jobId: $j, revisionId: $r) { body } }', { j: job.id, r: wip.id })
    expect(theirs.revisionComments.map((c) => c.body)).toEqual(['Check before issuing'])
  })
})
