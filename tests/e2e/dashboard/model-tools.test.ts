import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { stepAssembly, stepCylinder, stlCubeBinary, stlPlateWithHole } from '../../fixtures/cad-files'
import { useDashboardEnv } from './dashboard-env'
import { drawnShare } from './drawn-share'
import { axeInEveryTheme, canvasPixels, colourDistance, modelCanvas, onScreen, type Point, rgbAt, settle } from './model-canvas'
import { openPreview, uploadDocument } from './model-preview-steps'
import type { SeededUser } from './seed'

const clickOn = async (page: Page, point: Point) => {
  const { x, y } = await onScreen(page, point)
  await page.mouse.click(x, y)
}

/** The box around the shown parts, as the viewer publishes it: min x, y, z, then max x, y, z. */
async function shownBox(page: Page): Promise<number[]> {
  await settle(page)
  return page.evaluate(() => JSON.parse(document.querySelector<HTMLCanvasElement>('[data-testid="model-canvas"] canvas')!.dataset.box || '[]') as number[])
}

const expectBox = async (page: Page, expected: number[]) => {
  const box = await shownBox(page)
  expect(box).toHaveLength(6)
  box.forEach((v, i) => expect(v, `box[${i}]`).toBeCloseTo(expected[i]!, 3))
}

/** How far the canvas's colour at a point of the page is from its background (its corner's colour), summed over red, green and blue. */
async function unlikeBackground(page: Page, at: { x: number; y: number }): Promise<number> {
  const canvas = modelCanvas(page)
  const [pixels, rect] = await Promise.all([canvasPixels(canvas), canvas.boundingBox()])
  const px = Math.round(((at.x - rect!.x) / rect!.width) * pixels.width)
  const py = Math.round(((at.y - rect!.y) / rect!.height) * pixels.height)
  return colourDistance(rgbAt(pixels, px, py), rgbAt(pixels, 0, 0))
}

const measurements = (dialog: Locator) => dialog.getByTestId('measurements').getByRole('listitem').allTextContents()

/**
 * The viewer's engineering tools on models made here: a 10 mm cube, a 40 × 40 × 5 mm plate with a
 * 20 mm hole, a two-part STEP assembly, and a STEP cylinder 20 mm across and 15 mm high (written in
 * millimetres, and again in inches). Measurements are picked by clicking where the model's
 * points fall on the screen; the expected values come from the shapes' definitions.
 */
describe('measuring, cutting and exploding a model in the viewer', () => {
  const env = useDashboardEnv('model-tools')
  let alice: SeededUser

  beforeAll(async () => {
    alice = await env.user('alice')
    await uploadDocument(env, alice, 'cube.stl', stlCubeBinary(10))
    await uploadDocument(env, alice, 'plate.stl', stlPlateWithHole(40, 5, 20, 64))
    await uploadDocument(env, alice, 'pair.step', stepAssembly([{ name: 'Base', size: 10, at: [0, 0, 0] }, { name: 'Lid', size: 10, at: [20, 0, 0] }]))
    await uploadDocument(env, alice, 'grid.step', stepAssembly(grid))
    await uploadDocument(env, alice, 'cylinder.step', stepCylinder(10, 15, 'mm'))
    await uploadDocument(env, alice, 'cylinder-inch.step', stepCylinder(10, 15, 'inch'))
  })

  /** Thirty 8 mm cubes, six to a row 12 mm apart: more meshes than software rendering draws in one slice. */
  const grid = Array.from({ length: 30 }, (_, i) => ({ name: `Cube ${i + 1}`, size: 8, at: [(i % 6) * 12, Math.floor(i / 6) * 12, 0] as Point }))

  it("measures the cube's edge, the angles between faces and edges, and its box, volume and area, on the model and in a list that clears", async () => {
    const { page, dialog } = await openPreview(env, alice, 'cube.stl')
    await dialog.getByRole('button', { name: 'Measure' }).click()
    const status = dialog.getByTestId('measure-status')
    // The prompt is said once the opened tool has taken up the view (a render after the click's).
    await expect.poll(() => status.textContent()).toMatch(/^Pick the first point/)

    // Near two ends of the front face's top edge: the picks snap to the corners.
    await clickOn(page, [0.2, 0, 9.8])
    await expect.poll(() => status.textContent()).toBe('Pick the second point.')
    await clickOn(page, [9.8, 0, 9.7])
    await dialog.getByTestId('measurements').waitFor()
    expect(await measurements(dialog)).toEqual(['Distance: 10 mm'])

    await dialog.getByRole('radio', { name: 'Angle' }).check()
    await clickOn(page, [5, 0, 5])
    await clickOn(page, [5, 5, 10])
    // On the front face's top edge (along X), then on its right edge (along Z), then the top edge and the front face it bounds.
    await clickOn(page, [5, 0, 10])
    await clickOn(page, [10, 0, 5])
    await clickOn(page, [5, 0, 10])
    await clickOn(page, [5, 0, 5])
    await dialog.getByRole('radio', { name: 'Part' }).check()
    await clickOn(page, [5, 0, 5])
    expect(await measurements(dialog)).toEqual([
      'Distance: 10 mm',
      'Angle between faces: 90°',
      'Angle between edges: 90°',
      'Angle between an edge and a face: 0°',
      'cube.stl: box 10 × 10 × 10 mm; volume 1000 mm³; surface area 600 mm²',
    ])
    expect(await dialog.getByTestId('measure-label').allTextContents()).toEqual(['10 mm', '90°', '90°', '0°', '1000 mm³, 600 mm²'])
    expect(await axeInEveryTheme(page, '[data-testid="measure-panel"]')).toEqual([])

    // The list scrolls from the keyboard, and the clear button is reached and pressed from it.
    await dialog.getByTestId('measurements').focus()
    await page.keyboard.press('Shift+Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Clear measurements')
    await page.keyboard.press('Enter')
    await dialog.getByTestId('measurements').waitFor({ state: 'detached' })
    expect(await dialog.getByTestId('measure-label').count()).toBe(0)
  })

  it("fits the hole's diameter to its wall and to its rim, and measures the plate's volume", async () => {
    const { page, dialog } = await openPreview(env, alice, 'plate.stl')
    await dialog.getByRole('button', { name: 'Measure' }).click()
    await dialog.getByRole('radio', { name: 'Diameter' }).check()
    // The far side of the hole's wall, which the isometric view looks into.
    const wall = (3 * Math.PI) / 4
    await clickOn(page, [20 + 10 * Math.cos(wall), 20 + 10 * Math.sin(wall), 4])
    // The plate's top face, just beside the hole's near rim.
    await clickOn(page, [20 + 11 * Math.cos(-Math.PI / 4), 20 + 11 * Math.sin(-Math.PI / 4), 5])
    await dialog.getByRole('radio', { name: 'Part' }).check()
    await clickOn(page, [35, 35, 5])
    // The plate less the hole, a 64-sided polygon whose corners lie on the 20 mm circle.
    const volume = 40 * 40 * 5 - 5 * 32 * 10 * 10 * Math.sin((2 * Math.PI) / 64)
    expect(await measurements(dialog)).toEqual([
      // An STL has only its facets: the diameter is the fitted circle's.
      'Diameter: 20 mm (radius 10 mm), fitted',
      'Diameter: 20 mm (radius 10 mm), fitted',
      expect.stringMatching(new RegExp(`^plate\\.stl: box 40 × 40 × 5 mm; volume ${Number(volume.toPrecision(4))} mm³; surface area \\d+(\\.\\d+)? mm²$`)),
    ])
    // A flat face away from any round edge is not taken for a circle.
    await dialog.getByRole('radio', { name: 'Diameter' }).check()
    await clickOn(page, [38, 2, 5])
    expect(await dialog.getByTestId('measure-status').textContent()).toMatch(/^That face is not round/)
  })

  it("gives a STEP cylinder's diameter from its cylindrical face and its rim as the model's geometry has it, in a file in millimetres or in inches", async () => {
    for (const name of ['cylinder.step', 'cylinder-inch.step']) {
      const { page, dialog } = await openPreview(env, alice, name)
      await dialog.getByRole('button', { name: 'Measure' }).click()
      await dialog.getByRole('radio', { name: 'Diameter' }).check()
      // The wall's side the isometric view looks at, halfway up, then the top face just inside its rim.
      const near = -Math.PI / 4
      await clickOn(page, [10 * Math.cos(near), 10 * Math.sin(near), 7.5])
      await dialog.getByTestId('measurements').waitFor()
      await clickOn(page, [9 * Math.cos(near), 9 * Math.sin(near), 15])
      await expect.poll(() => measurements(dialog)).toHaveLength(2)
      expect(await measurements(dialog), name).toEqual(["Diameter: 20 mm (radius 10 mm), from the model's geometry", "Diameter: 20 mm (radius 10 mm), from the model's geometry"])
      expect(await dialog.getByTestId('measure-label').allTextContents()).toEqual(['⌀ 20 mm', '⌀ 20 mm'])
    }
  })

  it('cuts the cube with a plane along X, caps and hatches the cut, moves the plane by a typed offset, and keeps the other side when flipped', async () => {
    const { page, dialog } = await openPreview(env, alice, 'cube.stl')
    const canvas = dialog.locator('[data-testid="model-canvas"] canvas')
    await dialog.getByRole('button', { name: 'Section' }).click()
    await dialog.getByRole('button', { name: 'Add X plane' }).waitFor()
    const whole = await drawnShare(page)
    expect(whole.warm).toBe(0)
    await dialog.getByRole('button', { name: 'Add X plane' }).click()
    await page.waitForTimeout(200)
    // The half x ≤ 5 is kept; its cut at x = 5 faces the isometric view and shows the cap's warm hatch.
    expect(await canvas.getAttribute('data-section-caps')).toBe('1')
    const half = await drawnShare(page)
    expect(half.warm).toBeGreaterThan(0.02)
    expect(half.drawn).toBeLessThan(whole.drawn)

    const offset = dialog.getByRole('spinbutton', { name: 'Offset (mm)' })
    await offset.fill('2')
    await page.waitForTimeout(200)
    const slice = await drawnShare(page)
    expect(slice.drawn).toBeLessThan(half.drawn)
    expect(slice.warm).toBeGreaterThan(0.01)
    // The slider moves it too, from the keyboard.
    await dialog.getByRole('slider', { name: 'Plane 1 (X) position' }).press('End')
    expect(await offset.inputValue()).toBe('10')

    await offset.fill('5')
    await dialog.getByRole('button', { name: 'Flip kept side' }).click()
    await page.waitForTimeout(200)
    // Now x ≥ 5 is kept: its cut faces away from the view, so no cap shows, and the kept half is drawn.
    const flipped = await drawnShare(page)
    expect(flipped.warm).toBeLessThan(0.001)
    expect(flipped.drawn).toBeGreaterThan(0.02)
    expect(await axeInEveryTheme(page, '[data-testid="section-panel"]')).toEqual([])

    await dialog.getByRole('button', { name: 'Remove Plane 1 (X)' }).click()
    await page.waitForTimeout(200)
    expect(await canvas.getAttribute('data-section-caps')).toBe('0')
    const again = await drawnShare(page)
    expect(again.warm).toBe(0)
    expect(again.drawn).toBeCloseTo(whole.drawn, 2)
  })

  it('lays a section plane on a picked face and moves it into the part by a typed offset', async () => {
    const { page, dialog } = await openPreview(env, alice, 'cube.stl')
    await dialog.getByRole('button', { name: 'Section' }).click()
    const onFace = dialog.getByRole('button', { name: 'Add plane on a face' })
    await onFace.click()
    expect(await onFace.getAttribute('aria-pressed')).toBe('true')
    // The top face: the plane lies on it, cutting nothing yet.
    await clickOn(page, [5, 5, 10])
    await dialog.getByRole('group', { name: 'Plane 1 (face)' }).waitFor()
    expect(await onFace.getAttribute('aria-pressed')).toBe('false')
    const offset = dialog.getByRole('spinbutton', { name: 'Offset (mm)' })
    expect(Number(await offset.inputValue())).toBeCloseTo(10, 4)
    const canvas = dialog.locator('[data-testid="model-canvas"] canvas')
    expect((await drawnShare(page)).warm).toBe(0)
    expect(await canvas.getAttribute('data-section-caps')).toBe('0')
    // 4 mm down into the cube: the top is cut away and the cap, facing up, shows.
    await offset.fill('6')
    await page.waitForTimeout(200)
    expect((await drawnShare(page)).warm).toBeGreaterThan(0.02)
    expect(await canvas.getAttribute('data-section-caps')).toBe('1')
  })

  it('explodes an assembly from its centre and puts it back; isolates, hides and sees through a part from the parts list', async () => {
    const { page, dialog } = await openPreview(env, alice, 'pair.step')
    await expectBox(page, [0, 0, 0, 30, 10, 10])
    await dialog.getByRole('button', { name: 'Explode' }).click()
    // Each part moves away from the centre (15, 5, 5) by its own distance from it: Base −10 along X, Lid +10.
    await dialog.getByRole('slider', { name: 'Explode' }).press('End')
    await expectBox(page, [-10, 0, 0, 40, 10, 10])
    await dialog.getByRole('button', { name: 'Put parts back' }).click()
    await expectBox(page, [0, 0, 0, 30, 10, 10])
    expect(await axeInEveryTheme(page, '[data-testid="explode-panel"]')).toEqual([])

    const parts = dialog.getByTestId('model-parts')
    await parts.getByRole('button', { name: 'Isolate Lid' }).click()
    await expectBox(page, [20, 0, 0, 30, 10, 10])
    expect(await parts.getByRole('checkbox', { name: 'Base' }).isChecked()).toBe(false)
    expect(await parts.getByRole('checkbox', { name: 'Lid' }).isChecked()).toBe(true)
    expect(await parts.getByRole('checkbox', { name: 'Assembly' }).isChecked()).toBe(true)
    await parts.getByRole('button', { name: 'Show all parts' }).click()
    await expectBox(page, [0, 0, 0, 30, 10, 10])
    await parts.getByRole('checkbox', { name: 'Lid' }).uncheck()
    await expectBox(page, [0, 0, 0, 10, 10, 10])
    await parts.getByRole('checkbox', { name: 'Lid' }).check()

    // See-through, the Base's front face lets the background through: its colour comes nearer the background's.
    const base = await onScreen(page, [5, 0, 5])
    const solid = await unlikeBackground(page, base)
    const seeThrough = parts.getByRole('button', { name: 'See through Base' })
    await seeThrough.click()
    expect(await seeThrough.getAttribute('aria-pressed')).toBe('true')
    await page.waitForTimeout(200)
    const ghost = await unlikeBackground(page, base)
    expect(ghost).toBeGreaterThan(0)
    expect(ghost).toBeLessThan(solid)
    expect(await axeInEveryTheme(page, '[data-testid="model-parts"]')).toEqual([])
  })

  it('draws every part of an assembly of thirty, drawn a share of its parts at a time, and again after a turn', async () => {
    const { page, dialog } = await openPreview(env, alice, 'grid.step')
    // Its first frame was drawn 25 parts a slice, in two slices (the tools' groups, empty until a tool
    // is used, do not count as lines to be drawn with every part).
    const firstFrameSlices = await page.evaluate(() => {
      const at = (name: string) => performance.getEntriesByName(name)[0]!.startTime
      return performance.getEntriesByName('preview:slice').filter((e) => e.startTime > at('preview:compiled') && e.startTime < at('preview:drawn')).length
    })
    expect(firstFrameSlices).toBe(2)
    for (const view of ['Top', 'Isometric']) {
      await dialog.getByRole('button', { name: view, exact: true }).click()
      for (const part of grid) {
        const centre = await onScreen(page, [part.at[0] + 4, part.at[1] + 4, 8])
        expect(await unlikeBackground(page, centre), `${part.name} in the ${view} view`).toBeGreaterThan(30)
      }
    }
  })
})
