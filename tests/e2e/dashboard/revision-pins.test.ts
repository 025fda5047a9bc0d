import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { stepAssembly } from '../../fixtures/cad-files'
import { tusUpload } from '../../integration/portal/support/tus-upload'
import { useDashboardEnv } from './dashboard-env'
import { seedColleague, type SeededUser } from './seed'

/** Waits until the viewer's model has drawn and settled. */
const settled = (page: Page) => page.waitForFunction(() => document.querySelector('[data-testid="model-canvas"] canvas[data-settled="true"]'), undefined, { timeout: 60_000 })

/**
 * Comments pinned on a released revision's model from the job's page: the client's reviewer pins one
 * with a section plane and a hidden part, the job's thread tells of it, and its "Open on the model"
 * opens the viewer in that view; the consultancy answers and resolves it there.
 */
describe('comments pinned on a revision from the job page', () => {
  const env = useDashboardEnv('revision-pins', ['admin'])
  let admin: SeededUser
  let client: SeededUser
  let jobPath = ''

  beforeAll(async () => {
    ;[admin, client] = await Promise.all([env.user('admin'), env.user('client')])
    const { createJobRequests } = await env.gql<{ createJobRequests: { id: string } }>(admin, 'mutation($u: ID, $j: String) { createJobRequests(input: { user: $u, job: $j }) { id } }', { u: client.id, j: 'Housing review' })
    const id = createJobRequests.id
    await env.gql(admin, 'mutation($id: ID!) { sendQuote(jobId: $id, input: { validUntil: "2999-01-01", lines: [{ kind: "service", service: "cad", hours: 2 }] }) { id } }', { id })
    await env.gql(client, 'mutation($id: ID!) { acceptQuote(jobId: $id) { id } }', { id })
    await env.gql(admin, 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "in_progress") { id } }', { id })
    const uploaded = await tusUpload(env.http(admin), Buffer.from(stepAssembly([{ name: 'Base', size: 10, at: [0, 0, 0] }, { name: 'Lid', size: 10, at: [20, 0, 0] }])), { filename: 'housing.step', kind: 'job-deliverables', jobRequestId: id })
    expect(uploaded.status, uploaded.body).toBe(204)
    await env.gql(admin, 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "released") { id } }', { id })
    jobPath = `/profile/jobs/${id}`
  })

  it('pins a comment with its view, tells it on the thread, and opens it there in that view', async () => {
    const { page } = await env.openHydrated(client, jobPath)
    await page.getByTestId('deliverable-document').getByRole('button', { name: 'Preview housing.step' }).click()
    const dialog = page.getByRole('dialog', { name: 'housing.step' })
    await settled(page)
    // The view: cut along X, the Lid hidden; then a comment pinned at the centre of the view.
    await dialog.getByRole('button', { name: 'Section' }).click()
    await dialog.getByRole('button', { name: 'Add X plane' }).click()
    await dialog.getByTestId('model-parts').getByRole('checkbox', { name: 'Lid' }).uncheck()
    await dialog.getByRole('button', { name: 'Comment', exact: true }).click()
    await dialog.getByRole('button', { name: 'Pin at the centre of the view' }).click()
    await dialog.getByRole('textbox', { name: 'Your comment' }).fill('The wall between the bores looks thin')
    await dialog.getByRole('button', { name: 'Add comment' }).click()
    // Saved on the server: the list beside the viewer shows it once the page's data is read again.
    const comments = dialog.getByTestId('comments-panel')
    await comments.getByTestId('comment').filter({ hasText: 'The wall between the bores looks thin' }).waitFor()
    await dialog.getByRole('button', { name: 'Close' }).click()

    // The job's thread tells of it; the revision counts it, with its BCF.
    const told = page.getByText('Comment on housing.step P01: The wall between the bores looks thin')
    await told.waitFor()
    expect(await page.getByTestId('revision-comments').textContent()).toContain('1 comment, 1 open')

    // The consultancy opens it from the thread: the viewer opens in the pinned view.
    const consultancy = await env.openHydrated(admin, jobPath)
    await consultancy.page.getByRole('link', { name: 'Open on the model' }).click()
    const opened = consultancy.page.getByRole('dialog', { name: 'housing.step' })
    await opened.waitFor()
    await settled(consultancy.page)
    const active = opened.getByTestId('comments-panel').getByTestId('comment')
    await expect.poll(() => active.getAttribute('aria-current')).toBe('true')
    await opened.getByTestId('section-panel').getByRole('group', { name: 'Plane 1 (X)' }).waitFor()
    expect(await opened.getByTestId('model-parts').getByRole('checkbox', { name: 'Lid' }).isChecked()).toBe(false)
    expect(await opened.getByTestId('model-parts').getByRole('checkbox', { name: 'Base' }).isChecked()).toBe(true)

    // It answers and resolves it; the client's page shows it resolved.
    const panel = opened.getByTestId('comments-panel')
    await panel.getByRole('button', { name: 'Reply to comment 1' }).click()
    await panel.getByRole('textbox', { name: 'Your reply to comment 1' }).fill('Thickened to 4 mm in P02')
    await panel.getByRole('button', { name: 'Send reply' }).click()
    await panel.getByRole('list', { name: 'Replies to comment 1' }).getByText('Thickened to 4 mm in P02').waitFor()
    await panel.getByRole('button', { name: 'Resolve comment 1' }).click()
    await panel.getByRole('button', { name: 'Reopen comment 1' }).waitFor()
    await page.reload()
    await page.getByTestId('revision-comments').waitFor()
    expect(await page.getByTestId('revision-comments').textContent()).toContain('1 comment, 0 open')
  })

  it('a viewer of the client company sees the pins and the comments, opens one in its view, and can only read them', async () => {
    const viewer = await env.user('viewer')
    await seedColleague(env.server, viewer, client, 'viewer')
    // The client's reviewer pins a comment with a section plane along X.
    const data = (await (await env.http(client).fetch(`${jobPath}/view`)).json()) as { view: { review: { documents: { revisions: { id: string }[] }[] } } }
    const revisionId = data.view.review.documents[0]!.revisions[0]!.id
    const view = { kind: 'model', point: [5, 5, 5], camera: { position: [40, -40, 40], target: [5, 5, 5], up: [0, 0, 1] }, sections: [{ along: 'x', normal: [1, 0, 0], offset: 5, flipped: false }], hiddenParts: [] }
    const posted = await env.http(client).fetch(jobPath, { method: 'POST', body: new URLSearchParams({ intent: 'comment-revision', revisionId, body: 'Check the bore depth', view: JSON.stringify(view) }) })
    expect(posted.status).toBe(200)

    const { page } = await env.openHydrated(viewer, jobPath)
    await page.getByTestId('deliverable-document').getByRole('button', { name: 'Preview housing.step' }).click()
    const dialog = page.getByRole('dialog', { name: 'housing.step' })
    await settled(page)
    // The pins and the list, as those who may comment see them.
    const panel = dialog.getByTestId('comments-panel')
    const comment = panel.getByTestId('comment').filter({ hasText: 'Check the bore depth' })
    await comment.waitFor()
    const id = (await comment.getAttribute('data-comment-id'))!
    await dialog.locator(`[data-testid="comment-pin"][data-comment-id="${id}"]`).waitFor({ state: 'attached' })
    // Opening the comment puts the viewer back in its view.
    await comment.getByRole('button', { name: /: show its view$/ }).click()
    await expect.poll(() => comment.getAttribute('aria-current')).toBe('true')
    await dialog.getByTestId('section-panel').getByRole('group', { name: 'Plane 1 (X)' }).waitFor()
    expect(await dialog.locator(`[data-testid="comment-pin"][data-comment-id="${id}"]`).getAttribute('data-active')).toBe('true')
    // Read only: no Comment tool, no Reply, no Resolve or Reopen.
    expect(await dialog.getByRole('button', { name: 'Comment', exact: true }).count()).toBe(0)
    expect(await dialog.getByRole('button', { name: 'Pin at the centre of the view' }).count()).toBe(0)
    expect(await panel.getByRole('button', { name: /^(Reply to|Resolve|Reopen) / }).count()).toBe(0)
    expect(await panel.getByRole('textbox').count()).toBe(0)
  })
})
