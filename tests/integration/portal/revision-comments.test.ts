import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import type { JobView } from '../../../lib/job-view'
import type { PinnedView } from '../../../lib/review-comments'
import { HttpClient } from './support/http-client'
import { MODEL_PIN, portalWithReleasedJob } from './support/released-job'

/**
 * Comments on a revision, pinned with the view they were made in: made by whoever writes on the job
 * (not a viewer of the client company, nor anyone outside it), only on what the writer sees, replied to,
 * resolved and reopened, told on the job's thread, carried over to the next revision when the
 * consultancy chooses, and exported as BCF.
 */
describe('comments pinned on revisions', () => {
  const { portal, accounts, job, view, move, nextRevision } = portalWithReleasedJob('pins', { name: 'Bracket review', fileName: 'bracket.pdf' })
  const pin = MODEL_PIN

  const post = (c: HttpClient, fields: Record<string, string>) => c.fetch(`/profile/jobs/${job.id}`, { method: 'POST', body: new URLSearchParams(fields) })
  const comment = (c: HttpClient, fields: Record<string, string>) => post(c, { intent: 'comment-revision', ...fields })
  const revisionsOf = (v: JobView) => v.review.documents[0]!.revisions

  it('pins a comment with its view, answers it, resolves it, and tells it on the thread', async () => {
    const made = await comment(accounts.member, { revisionId: job.firstRevision, body: 'The left gusset looks thin', view: JSON.stringify(pin) })
    expect(made.status, await made.clone().text()).toBe(200)
    const second = await comment(accounts.owner, { revisionId: job.firstRevision, body: 'Check the fillet radius here', view: JSON.stringify({ ...pin, point: [0, 0, 0] }) })
    expect(second.status).toBe(200)

    const seen = await view(accounts.owner)
    const comments = revisionsOf(seen)[0]!.comments
    expect(comments.map((c) => [c.author === 'You' ? 'You' : 'someone', c.body, c.view])).toEqual([
      ['someone', 'The left gusset looks thin', pin],
      ['You', 'Check the fillet radius here', { ...pin, point: [0, 0, 0] }],
    ])
    // Each is told on the job's thread, which opens it.
    const told = seen.messages.filter((m) => m.revisionComment)
    expect(told.map((m) => m.body)).toEqual(['Comment on bracket.pdf P01: The left gusset looks thin', 'Comment on bracket.pdf P01: Check the fillet radius here'])
    expect(told[0]!.revisionComment).toEqual({ id: comments[0]!.id, revisionId: job.firstRevision })

    // The consultancy answers and resolves the first; a reply is never pinned.
    const thin = comments[0]!.id
    expect((await comment(accounts.admin, { revisionId: job.firstRevision, parentId: thin, body: 'Thickened to 6 mm in the next revision' })).status).toBe(200)
    const pinnedReply = await comment(accounts.admin, { revisionId: job.firstRevision, parentId: thin, body: 'x', view: JSON.stringify(pin) })
    expect(pinnedReply.status).toBe(400)
    expect((await post(accounts.admin, { intent: 'resolve-comment', commentId: thin, resolved: 'true' })).status).toBe(200)
    const after = revisionsOf(await view(accounts.owner))[0]!.comments[0]!
    expect(after).toMatchObject({ resolvedBy: 'Meshwork Engineering', replies: [expect.objectContaining({ author: 'Meshwork Engineering', body: 'Thickened to 6 mm in the next revision' })] })
    // Reopened by the client, resolved again.
    expect((await post(accounts.member, { intent: 'resolve-comment', commentId: thin, resolved: 'false' })).status).toBe(200)
    expect(revisionsOf(await view(accounts.owner))[0]!.comments[0]!.resolvedAt).toBeNull()
    expect((await post(accounts.admin, { intent: 'resolve-comment', commentId: thin, resolved: 'true' })).status).toBe(200)
  })

  it('refuses a viewer of the company, another company, a guest, a bad pin and an empty comment', async () => {
    expect((await comment(accounts.viewer, { revisionId: job.firstRevision, body: 'Looks fine' })).status).toBe(403)
    expect((await comment(accounts.other, { revisionId: job.firstRevision, body: 'Looks fine' })).status).toBe(403)
    expect((await comment(new HttpClient(portal.url), { revisionId: job.firstRevision, body: 'Looks fine' })).status).toBe(401)
    const badPin = await comment(accounts.member, { revisionId: job.firstRevision, body: 'Here', view: JSON.stringify({ kind: 'model', point: [1, 2] }) })
    expect(badPin.status).toBe(400)
    const empty = await comment(accounts.member, { revisionId: job.firstRevision, body: '   ' })
    expect(await empty.text()).toContain('Write a comment')
    const someComment = revisionsOf(await view(accounts.owner))[0]!.comments[1]!.id
    expect((await post(accounts.viewer, { intent: 'resolve-comment', commentId: someComment, resolved: 'true' })).status).toBe(403)
    expect((await accounts.other.fetch(`/profile/jobs/${job.id}/revisions/${job.firstRevision}/comments.bcf`)).status).toBe(403)
    expect((await new HttpClient(portal.url).fetch(`/profile/jobs/${job.id}/revisions/${job.firstRevision}/comments.bcf`)).status).toBe(401)
  })

  it('exports the comments as BCF: a topic each, replies as its comments, the pin as its viewpoint', async () => {
    const res = await accounts.viewer.fetch(`/profile/jobs/${job.id}/revisions/${job.firstRevision}/comments.bcf`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toContain('bracket-P01-comments.bcf')
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()))
    expect(strFromU8(files['bcf.version']!)).toContain('VersionId="2.1"')
    const markups = Object.keys(files).filter((name) => name.endsWith('/markup.bcf')).map((name) => strFromU8(files[name]!))
    expect(markups).toHaveLength(2)
    const thin = markups.find((m) => m.includes('The left gusset looks thin'))!
    expect(thin).toContain('TopicStatus="Closed"')
    expect(thin).toContain('<Comment>Thickened to 6 mm in the next revision</Comment>')
    expect(thin).toContain('<Filename>bracket.pdf</Filename>')
    const topic = /<Topic Guid="([^"]+)"/.exec(thin)![1]!
    const viewpoint = strFromU8(files[`${topic}/viewpoint.bcfv`]!)
    // BCF's places are in metres: the pin's camera at (100, 80, 60) mm and its plane 15 mm along x.
    expect(viewpoint).toContain('<CameraViewPoint><X>0.1</X><Y>0.08</Y><Z>0.06</Z></CameraViewPoint>')
    expect(viewpoint).toContain('<ClippingPlane><Location><X>0.015</X><Y>0</Y><Z>0</Z></Location><Direction><X>1</X><Y>0</Y><Z>0</Z></Direction></ClippingPlane>')
    expect(markups.find((m) => m.includes('Check the fillet radius here'))).toContain('TopicStatus="Open"')
  })

  it('exports a comment pinned on a page of a PDF as a topic without a viewpoint, its page in the description', async () => {
    const page: PinnedView = { kind: 'page', page: 2, point: [0.25, 0.5], zoom: 1.5 }
    expect((await comment(accounts.member, { revisionId: job.firstRevision, body: 'Title block is missing the scale', view: JSON.stringify(page) })).status).toBe(200)
    const made = revisionsOf(await view(accounts.owner))[0]!.comments.find((c) => c.body === 'Title block is missing the scale')!
    expect(made.view).toEqual(page)
    // Resolved, so that only the model's open comment is carried over below.
    expect((await post(accounts.admin, { intent: 'resolve-comment', commentId: made.id, resolved: 'true' })).status).toBe(200)
    const files = unzipSync(new Uint8Array(await (await accounts.owner.fetch(`/profile/jobs/${job.id}/revisions/${job.firstRevision}/comments.bcf`)).arrayBuffer()))
    const markup = strFromU8(files[`${made.id}/markup.bcf`]!)
    expect(markup).toContain('Pinned on page 2 at 25% across, 50% down')
    expect(markup).not.toContain('Viewpoint')
    expect(files[`${made.id}/viewpoint.bcfv`]).toBeUndefined()
    // The model's pins keep theirs.
    expect(Object.keys(files).filter((name) => name.endsWith('/viewpoint.bcfv'))).toHaveLength(2)
  })

  it('carries the open comments over to the next revision when the consultancy chooses, once', async () => {
    // Back in progress, as a returned release leaves it; the next revision of the same document.
    await nextRevision()
    const newest = revisionsOf(await view(accounts.admin))[0]!
    expect(newest).toMatchObject({ code: null, canCarryOver: true, comments: [] })
    // Work in progress is the consultancy's: the client cannot comment on it.
    expect((await comment(accounts.member, { revisionId: newest.id, body: 'Early look' })).status).toBe(404)

    expect((await post(accounts.member, { intent: 'carry-over-comments', revisionId: newest.id })).status).toBe(403)
    expect((await post(accounts.admin, { intent: 'carry-over-comments', revisionId: newest.id })).status).toBe(200)
    expect((await post(accounts.admin, { intent: 'carry-over-comments', revisionId: newest.id })).status).toBe(200)
    await move('released')
    const [p02, p01] = revisionsOf(await view(accounts.owner))
    // Only the open one came over, once, with its pin; the first revision keeps both.
    expect(p02!.comments.map((c) => [c.body, c.carriedFrom, c.view?.kind])).toEqual([['Check the fillet radius here', 'P01', 'model']])
    expect(p01!.comments).toHaveLength(3)
  })
})
