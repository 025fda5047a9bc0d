import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PinnedView, RevisionCommentView } from '../../../lib/review-comments'
import { previewKindOf } from '../../../lib/file-types'
import { dxfSquare, stepAssembly } from '../../fixtures/cad-files'
import { useDashboardEnv } from '../dashboard/dashboard-env'
import { axeInEveryTheme, onScreen, type Point, settle } from '../dashboard/model-canvas'
import { openPreview, uploadDocument } from '../dashboard/model-preview-steps'
import type { SeededUser } from '../dashboard/seed'
import { buildViewerHarness } from './harness/build-harness'

type ModelPin = Extract<PinnedView, { kind: 'model' }>

/** The camera's view-projection matrix, as the viewer publishes it on its canvas after each frame. */
async function viewProjection(page: Page): Promise<number[]> {
  await settle(page)
  return page.evaluate(() => JSON.parse(document.querySelector<HTMLCanvasElement>('[data-testid="model-canvas"] canvas')!.dataset.viewProjection!) as number[])
}

const expectClose = (actual: readonly number[], expected: readonly number[], digits = 3) => {
  expect(actual).toHaveLength(expected.length)
  actual.forEach((v, i) => expect(v, `[${i}]`).toBeCloseTo(expected[i]!, digits))
}

/** The comments the page's parent was handed, as it shows them back to the viewer. */
const posted = (page: Page) => page.evaluate(() => JSON.parse(document.body.dataset.comments ?? '[]') as RevisionCommentView[])

/**
 * Comments pinned on a model in the viewer, on a two-part STEP assembly (Base from 0 to 10 along X,
 * Lid from 20 to 30). The viewer's dialog is hosted by a page that keeps the comments it is handed,
 * as a job page does; the model is the user's own uploaded file, read from the portal.
 */
describe('pinning comments on a model and opening them again', () => {
  const env = useDashboardEnv('pinned-comments')
  let alice: SeededUser
  let harness: Awaited<ReturnType<typeof buildViewerHarness>>

  beforeAll(async () => {
    ;[alice, harness] = await Promise.all([env.user('alice'), buildViewerHarness()])
    await uploadDocument(env, alice, 'pair.step', stepAssembly([{ name: 'Base', size: 10, at: [0, 0, 0] }, { name: 'Lid', size: 10, at: [20, 0, 0] }]))
    await uploadDocument(env, alice, 'plate.dxf', dxfSquare(10))
  })
  afterAll(() => harness?.remove())

  /** The viewer with comments on the user's file, in a page of the portal's origin (so the file is read with the user's session). */
  async function openWithComments(name: string) {
    const { page, dialog: preview } = await openPreview(env, alice, name)
    // The documents' preview, given no comments, has neither the Comment tool nor a comments list.
    await preview.getByRole('toolbar', { name: 'View' }).waitFor()
    expect(await preview.getByRole('button', { name: 'Comment', exact: true }).count()).toBe(0)
    expect(await preview.getByTestId('comments-panel').count()).toBe(0)
    const url = (await preview.getByRole('link', { name: 'Download' }).getAttribute('href'))!.replace(/\?download=1$/, '')
    const base = `${env.server.url}/viewer-harness/`
    await page.route(`${base}**`, (route) => {
      const file = path.join(harness.dir, new URL(route.request().url()).pathname.slice('/viewer-harness/'.length))
      return route.fulfill({ path: file, contentType: file.endsWith('.wasm') ? 'application/wasm' : undefined })
    })
    await page.goto(`${base}index.html?${new URLSearchParams({ url, name })}`)
    const dialog = page.getByRole('dialog', { name })
    await dialog.waitFor()
    const drawn = previewKindOf(name) === 'model' ? 'canvas[data-settled="true"]' : 'canvas[data-rendered="true"]'
    await page.waitForFunction((selector) => document.querySelector(`[data-testid="model-canvas"] ${selector}`), drawn, { timeout: 60_000 })
    return { page, dialog }
  }

  it('keeps the camera, a section plane and a hidden part with a pinned comment, and puts them back when the comment is opened', async () => {
    const { page, dialog } = await openWithComments('pair.step')
    const parts = dialog.getByTestId('model-parts')
    const comments = dialog.getByTestId('comments-panel')
    expect(await comments.textContent()).toContain('none yet')

    // The view to pin: from the front, cut along X at the middle (x = 15, keeping x ≤ 15), the Lid hidden.
    await dialog.getByRole('button', { name: 'Front' }).click()
    await dialog.getByRole('button', { name: 'Section' }).click()
    await dialog.getByRole('button', { name: 'Add X plane' }).click()
    expect(Number(await dialog.getByRole('spinbutton', { name: 'Offset (mm)' }).inputValue())).toBeCloseTo(15, 4)
    await parts.getByRole('checkbox', { name: 'Lid' }).uncheck()
    const pinnedMatrix = await viewProjection(page)

    // The Comment tool, from the keyboard: then a click on the Base's front face.
    const commentTool = dialog.getByRole('button', { name: 'Comment', exact: true })
    await commentTool.focus()
    await page.keyboard.press('Enter')
    expect(await commentTool.getAttribute('aria-pressed')).toBe('true')
    expect(await dialog.getByTestId('comment-status').textContent()).toMatch(/^Pick a point on the model/)
    const at = await onScreen(page, [5, 0, 5])
    await page.mouse.click(at.x, at.y)
    const text = dialog.getByRole('textbox', { name: 'Your comment' })
    await text.waitFor()
    // An empty comment is refused at its field, by the comment schema.
    await dialog.getByRole('button', { name: 'Add comment' }).click()
    expect(await text.getAttribute('aria-invalid')).toBe('true')
    expect(await dialog.locator('[data-field-errors]').textContent()).toBe('Write a comment')
    expect(await posted(page)).toEqual([])
    expect(await axeInEveryTheme(page, '[data-testid="comment-tool"]')).toEqual([])
    await text.fill('The Base needs a chamfer on this face.')
    await dialog.getByRole('button', { name: 'Add comment' }).click()
    await comments.getByTestId('comment').waitFor()

    // What the parent was handed: the text, the point picked, the camera, the plane and the hidden part.
    const [comment] = await posted(page)
    expect(comment!.body).toBe('The Base needs a chamfer on this face.')
    const view = comment!.view as ModelPin
    expect(view.kind).toBe('model')
    expectClose(view.point, [5, 0, 5], 0)
    expect(view.point[1]).toBeCloseTo(0, 3)
    expectClose(view.camera.target, [15, 5, 5])
    expectClose(view.camera.up, [0, 0, 1])
    expect(view.camera.position[0]).toBeCloseTo(15, 3)
    expect(view.camera.position[1]).toBeLessThan(-10)
    expect(view.camera.position[2]).toBeCloseTo(5, 3)
    expect(view.sections).toHaveLength(1)
    expect(view.sections[0]).toMatchObject({ along: 'x', normal: [1, 0, 0], flipped: false })
    expect(view.sections[0]!.offset).toBeCloseTo(15, 4)
    expect(view.hiddenParts).toHaveLength(1)
    // The comment tool closed; the pin, numbered 1, shows over the point picked.
    expect(await commentTool.getAttribute('aria-pressed')).toBe('false')
    const pin = dialog.getByTestId('comment-pin')
    expect(await pin.allTextContents()).toEqual(['1'])

    // Elsewhere: the isometric view, no section, every part shown.
    await dialog.getByRole('button', { name: 'Isometric' }).click()
    await dialog.getByRole('button', { name: 'Section' }).click()
    await dialog.getByRole('button', { name: 'Remove Plane 1 (X)' }).click()
    await parts.getByRole('checkbox', { name: 'Lid' }).check()
    await dialog.getByRole('button', { name: 'Section' }).click()
    expect(await dialog.getByTestId('section-panel').count()).toBe(0)
    const moved = await viewProjection(page)
    expect(moved.some((v, i) => Math.abs(v - pinnedMatrix[i]!) > 1e-3)).toBe(true)

    // Opening the comment puts all three back, and rings its pin.
    await comments.getByRole('button', { name: /^Comment 1 by Alice Reviewer/ }).click()
    // The view is put back once the comment's section and parts are: polled, not read once.
    await expect.poll(async () => Math.max(...(await viewProjection(page)).map((v, i) => Math.abs(v - pinnedMatrix[i]!)))).toBeLessThan(5e-5)
    const section = dialog.getByTestId('section-panel')
    await section.getByRole('group', { name: 'Plane 1 (X)' }).waitFor()
    expect(Number(await section.getByRole('spinbutton', { name: 'Offset (mm)' }).inputValue())).toBeCloseTo(15, 4)
    expect(await parts.getByRole('checkbox', { name: 'Lid' }).isChecked()).toBe(false)
    expect(await parts.getByRole('checkbox', { name: 'Base' }).isChecked()).toBe(true)
    expect(await comments.getByTestId('comment').getAttribute('aria-current')).toBe('true')
    expect(await pin.getAttribute('data-active')).toBe('true')
    expect(await pin.isVisible()).toBe(true)
    // The pin's tip is on the point picked.
    const tip = await pin.evaluate((el) => {
      const r = el.getBoundingClientRect()
      return { x: r.left + r.width / 2, y: r.bottom }
    })
    const point = await onScreen(page, view.point as Point)
    expect(Math.abs(tip.x - point.x)).toBeLessThan(3)
    expect(Math.abs(tip.y - point.y)).toBeLessThan(3)

    // A reply and resolving go to the parent; a resolved comment's pin is dimmed.
    await comments.getByRole('button', { name: 'Reply to comment 1' }).click()
    await comments.getByRole('textbox', { name: 'Your reply to comment 1' }).fill('Agreed: 2 mm at 45°.')
    await comments.getByRole('button', { name: 'Send reply' }).click()
    await comments.getByRole('list', { name: 'Replies to comment 1' }).waitFor()
    expect(await comments.getByRole('list', { name: 'Replies to comment 1' }).textContent()).toContain('Agreed: 2 mm at 45°.')
    await comments.getByRole('button', { name: 'Resolve comment 1' }).click()
    await comments.getByRole('button', { name: 'Reopen comment 1' }).waitFor()
    expect(await comments.getByTestId('comment-state').textContent()).toMatch(/^Resolved by Bob Engineer/)
    expect(await pin.getAttribute('data-resolved')).toBe('true')
    expect(await pin.evaluate((el) => Number(getComputedStyle(el).opacity))).toBeLessThan(1)
    expect(await axeInEveryTheme(page, '[data-testid="comments-panel"]')).toEqual([])
  })
  it("pins a comment on a drawing from the keyboard and puts the drawing back at its centre and zoom when it is opened", async () => {
    const { page, dialog } = await openWithComments('plate.dxf')
    const comments = dialog.getByTestId('comments-panel')
    const canvas = dialog.getByTestId('model-canvas')
    // Zoomed in and moved aside, then the comment pinned at the view's centre, all from the keyboard.
    await canvas.focus()
    for (const key of ['+', '+', 'ArrowLeft']) await page.keyboard.press(key)
    await dialog.getByRole('button', { name: 'Comment', exact: true }).press('Enter')
    await dialog.getByRole('button', { name: 'Pin at the centre of the view' }).press('Enter')
    const text = dialog.getByRole('textbox', { name: 'Your comment' })
    await text.fill('Dimension this corner.')
    await text.press('Tab')
    await page.keyboard.press('Enter')
    await comments.getByTestId('comment').waitFor()
    const view = (await posted(page))[0]!.view as Extract<PinnedView, { kind: 'drawing' }>
    expect(view.kind).toBe('drawing')
    // The centre of the view is the point pinned; the zoom is the width shown, under the 10 mm square's once zoomed in.
    expectClose(view.point, view.center, 6)
    expect(view.zoom).toBeGreaterThan(0)
    expect(view.zoom).toBeLessThan(10)

    const pin = dialog.getByTestId('comment-pin')
    const where = () => pin.evaluate((el) => ({ x: el.getBoundingClientRect().left, y: el.getBoundingClientRect().top }))
    // The Comment tool's panel closes with the post, and the drawing takes the height it leaves (its
    // viewer follows the new size a moment later): the pin's place is read once it has stopped moving.
    const settled = async () => {
      let last = await where()
      for (let i = 0; i < 20; i++) {
        await page.waitForTimeout(150)
        const now = await where()
        if (Math.hypot(now.x - last.x, now.y - last.y) < 0.5) return now
        last = now
      }
      return last
    }
    await dialog.getByRole('button', { name: 'Pin at the centre of the view' }).waitFor({ state: 'detached' })
    const pinned = await settled()
    await dialog.getByRole('button', { name: 'Fit' }).click()
    const fitted = await where()
    expect(Math.hypot(fitted.x - pinned.x, fitted.y - pinned.y)).toBeGreaterThan(5)

    await comments.getByRole('button', { name: /^Comment 1 by Alice Reviewer/ }).click()
    await expect
      .poll(async () => {
        const back = await where()
        return Math.hypot(back.x - pinned.x, back.y - pinned.y)
      })
      .toBeLessThan(1)
    expect(await pin.getAttribute('data-active')).toBe('true')
  })
})
