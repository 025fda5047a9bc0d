import { readFileSync } from 'node:fs'
import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { tusUpload } from '../../integration/portal/support/tus-upload'
import { axeViolations } from '../../setup/axe'
import { useDashboardEnv } from './dashboard-env'
import { drawnShare } from './drawn-share'
import type { SeededUser } from './seed'

const fixture = (name: string) => readFileSync(`tests/fixtures/simulation-results/${name}`)

/**
 * The fixtures' fields, as scripts/fixtures/make-simulation-results.py writes them: a cantilever of
 * 20 × 2 × 2 hexahedra, 100 × 10 × 10 mm, loaded `load` times.
 */
const vonMises = (xc: number, zc: number, load = 1) => load * (0.5 * (100 - xc) + 0.1 * Math.abs(zc - 5))
const temperature = (x: number, y: number) => 20 + 0.5 * x + y
const cellCentres = (count: number, size: number) => Array.from({ length: count }, (_, i) => (i + 0.5) * size)
const vonMisesValues = (load = 1) => cellCentres(20, 5).flatMap((xc) => cellCentres(2, 5).map((zc) => vonMises(xc, zc, load)))
/** The centres of the cells a coordinate may lie in: one inside a cell, both on a boundary between two. */
const centresAround = (v: number, count: number, size: number) => cellCentres(count, size).filter((c) => Math.abs(v - c) <= size / 2 + 1e-3)

/**
 * Simulation results on a job's page: a VTK file previews as its outer surface, coloured by the
 * chosen field with a legend of its range, the value under the pointer, warped by its displacement,
 * clipped by a plane; a ParaView series plays its steps, read from the files beside it.
 */
describe('previews of simulation results', () => {
  const env = useDashboardEnv('result-preview')
  let alice: SeededUser
  let jobId: string

  beforeAll(async () => {
    alice = await env.user('alice')
    const client = env.http(alice)
    const created = await client.gql<{ createJobRequests: { id: string } }>('mutation { createJobRequests(input: { job: "Cantilever FEA" }) { id } }')
    jobId = created.data!.createJobRequests.id
    const files: [string, string][] = [
      ['beam.vtu', 'cantilever-appended-zlib-uint64.vtu'],
      ['beam-series.pvd', 'beam-series.pvd'],
      ['beam-series-1.vtu', 'beam-series-1.vtu'],
      ['beam-series-2.vtu', 'beam-series-2.vtu'],
      ['beam-series-3.vtu', 'beam-series-3.vtu'],
      ['beam-scene.vtkjs', 'cantilever-surface.vtkjs'],
    ]
    for (const [name, file] of files) {
      const r = await tusUpload(client, fixture(file), { filename: name, kind: 'job-files', jobRequestId: jobId })
      expect(r.status, r.body).toBe(204)
    }
  })

  const preview = async (name: string, theme = 'Theme 1') => {
    const { page } = await env.openHydrated(alice, `/profile/jobs/${jobId}`)
    await page.getByRole('button', { name: theme, exact: true }).click()
    await page.getByTestId('job-client-files').getByRole('button', { name: `Preview ${name}` }).click()
    const dialog = page.getByRole('dialog', { name })
    await page.waitForFunction(() => document.querySelector('[data-testid="model-canvas"] canvas[data-settled="true"], [data-testid="preview-error"]'), undefined, { timeout: 60_000 })
    expect(await dialog.getByTestId('preview-error').count()).toBe(0)
    return { page, dialog, panel: dialog.getByTestId('results-panel') }
  }

  const picture = (dialog: Locator) => dialog.locator('[data-testid="model-canvas"] canvas').evaluate((c: HTMLCanvasElement) => c.toDataURL())

  /** Hovers the canvas at a share of its width and height and reads the probe: the value and the point. */
  const probeAt = async (page: Page, dialog: Locator, fx: number, fy: number) => {
    const box = (await dialog.locator('[data-testid="model-canvas"] canvas').boundingBox())!
    const probe = dialog.getByTestId('result-probe')
    const before = await probe.textContent()
    await page.mouse.move(box.x + box.width * fx, box.y + box.height * fy)
    await page.waitForFunction((b) => document.querySelector('[data-testid="result-probe"]')?.textContent !== b, before)
    const match = /^(-?[\d.e+-]+)(?: \S+)? at \((-?[\d.e+-]+), (-?[\d.e+-]+), (-?[\d.e+-]+)\)$/.exec((await probe.textContent()) ?? '')
    expect(match, (await probe.textContent()) ?? '').not.toBeNull()
    const [value, x, y, z] = match!.slice(1).map(Number) as [number, number, number, number]
    return { value, x, y, z }
  }

  it("shows on the beam's card each field's least and greatest value and where it is, read when it was uploaded", async () => {
    const { page } = await env.openHydrated(alice, `/profile/jobs/${jobId}`)
    const table = page.getByTestId('job-client-files').getByRole('table', { name: /^Key numbers of beam\.vtu/ })
    await table.waitFor()
    expect(await table.locator('caption').textContent()).toBe('Key numbers of beam.vtu: 80 cells, 189 points')
    // The series and its steps: the steps are results too, the series itself has no numbers of its own.
    expect(await page.getByRole('table', { name: /^Key numbers of beam-series\.pvd/ }).count()).toBe(0)
    // Each extreme reads "49" over "at (2.5, 2.5, 2.5)".
    const row = async (name: string) => {
      const cells = await table.getByRole('row', { name: new RegExp(`^${name}`) }).locator('td').evaluateAll((tds) => tds.map((td) => [...td.querySelectorAll('span')].map((s) => s.textContent ?? '')))
      const at = (text: string) => text.replace(/^at \(|\)$/g, '').split(', ').map(Number) as [number, number, number]
      return { min: Number(cells[0]![0]), minAt: at(cells[0]![1]!), max: Number(cells[1]![0]), maxAt: at(cells[1]![1]!) }
    }
    const stress = await row('von_mises')
    expect([stress.min, stress.max]).toEqual([Math.min(...vonMisesValues()), Math.max(...vonMisesValues())])
    expect(vonMises(stress.minAt[0], stress.minAt[2])).toBe(stress.min)
    expect(vonMises(stress.maxAt[0], stress.maxAt[2])).toBe(stress.max)
    const heat = await row('temperature')
    expect([heat.min, heat.max]).toEqual([temperature(0, 0), temperature(100, 10)])
    expect([temperature(heat.minAt[0], heat.minAt[1]), temperature(heat.maxAt[0], heat.maxAt[1])]).toEqual([heat.min, heat.max])
    const moved = await row('displacement')
    expect([moved.min, moved.max, moved.maxAt[0]]).toEqual([0, 2, 100])
    for (const theme of ['Theme 1', 'Theme 2', 'Theme 3']) {
      await page.getByRole('button', { name: theme, exact: true }).click()
      expect(await axeViolations(page, '[data-testid="job-client-files"]'), theme).toEqual([])
    }
  })

  it("shows the beam's surface, coloured by von Mises stress with its range, the value under the pointer, clipped and warped", async () => {
    const { page, dialog, panel } = await preview('beam.vtu')
    expect(await dialog.getByTestId('model-size').textContent()).toBe('Size: 100 × 10 × 10 mm (the file stores no units: millimetres assumed)')
    expect(await panel.getByText('80 cells, 189 points').count()).toBe(1)
    expect(await panel.getByLabel('Field').locator('option').allTextContents()).toEqual(['displacement (3 components)', 'temperature', 'von_mises'])

    await panel.getByLabel('Field').selectOption({ label: 'von_mises' })
    const expected = vonMisesValues()
    await panel.getByTestId('legend-max').getByText(String(Math.max(...expected)), { exact: true }).waitFor()
    expect(Number(await panel.getByTestId('legend-min').textContent())).toBe(Math.min(...expected))
    expect(await panel.getByRole('figure', { name: 'Colour scale of von_mises' }).getByText('(units not stored in the file)').count()).toBe(1)

    // The stress of the cell under the pointer (a point on a boundary between cells may read either).
    const stress = await probeAt(page, dialog, 0.45, 0.48)
    const candidates = centresAround(stress.x, 20, 5).flatMap((xc) => centresAround(stress.z, 2, 5).map((zc) => vonMises(xc, zc)))
    expect(candidates.some((v) => Math.abs(v - stress.value) < 1e-3), `${stress.value} of ${candidates.join(', ')}`).toBe(true)

    // Temperature is linear, so its value anywhere on the surface is the formula's at that point.
    await panel.getByLabel('Field').selectOption({ label: 'temperature' })
    const warm = await probeAt(page, dialog, 0.55, 0.52)
    expect(Math.abs(warm.value - temperature(warm.x, warm.y))).toBeLessThan(0.01)
    // From the keyboard: the value at the centre of the view.
    const probe = panel.getByTestId('result-probe')
    const hovered = await probe.textContent()
    await panel.getByRole('button', { name: 'Probe the centre of the view' }).focus()
    await page.keyboard.press('Enter')
    await page.waitForFunction((b) => document.querySelector('[data-testid="result-probe"]')?.textContent !== b, hovered)
    const [centre, cx, cy] = /^(\S+) at \((\S+), (\S+), \S+\)$/.exec((await probe.textContent()) ?? '')!.slice(1).map(Number) as [number, number, number]
    expect(Math.abs(centre - temperature(cx, cy))).toBeLessThan(0.01)

    // A range typed by the user holds until the field's own is asked for again.
    await panel.getByLabel('Minimum').fill('0')
    await panel.getByLabel('Maximum').fill('100')
    await panel.getByLabel('Maximum').press('Enter')
    await panel.getByTestId('legend-max').getByText('100', { exact: true }).waitFor()
    expect(await panel.getByTestId('legend-min').textContent()).toBe('0')
    await panel.getByRole('button', { name: 'Use the field’s range' }).click()
    await panel.getByTestId('legend-max').getByText(String(temperature(100, 10)), { exact: true }).waitFor()

    // Warping moves the picture; the scale slider moves it again.
    await panel.getByLabel('Field').selectOption({ label: 'displacement (3 components)' })
    await panel.getByLabel('Component').selectOption({ label: 'Z' })
    await panel.getByTestId('legend-min').getByText('-2', { exact: true }).waitFor()
    let before = await picture(dialog)
    await panel.getByRole('checkbox', { name: 'Warp by displacement' }).check()
    await page.waitForFunction((b) => document.querySelector<HTMLCanvasElement>('[data-testid="model-canvas"] canvas')!.toDataURL() !== b, before)
    before = await picture(dialog)
    await panel.getByRole('slider', { name: /^Scale/ }).focus()
    await page.keyboard.press('End')
    await panel.getByText('Scale: × 10').waitFor()
    await page.waitForFunction((b) => document.querySelector<HTMLCanvasElement>('[data-testid="model-canvas"] canvas')!.toDataURL() !== b, before)
    await panel.getByRole('checkbox', { name: 'Warp by displacement' }).uncheck()

    // A plane across X hides the beam's far half.
    const whole = (await drawnShare(page)).drawn
    await panel.getByLabel('Plane across').selectOption({ label: 'X axis' })
    await page.waitForTimeout(200)
    expect((await drawnShare(page)).drawn).toBeLessThan(whole * 0.8)

    expect(await axeViolations(page, '[data-testid="results-panel"]')).toEqual([])
  })

  it('plays the steps of a series, each read from its file beside the series', async () => {
    const { page, panel } = await preview('beam-series.pvd')
    const step = panel.getByTestId('result-step')
    expect(await step.textContent()).toBe('Step 1 of 3, time 0.5')
    await panel.getByLabel('Field').selectOption({ label: 'von_mises' })
    await panel.getByTestId('legend-max').getByText(String(Math.max(...vonMisesValues(1))), { exact: true }).waitFor()

    await panel.getByRole('button', { name: 'Play' }).click()
    await panel.getByRole('button', { name: 'Pause' }).waitFor()
    await step.getByText('Step 2 of 3, time 1').waitFor()
    await step.getByText('Step 3 of 3, time 1.5').waitFor()
    await panel.getByRole('button', { name: 'Play' }).waitFor()
    await panel.getByTestId('legend-max').getByText(String(Math.max(...vonMisesValues(3))), { exact: true }).waitFor()

    // The step slider from the keyboard.
    await panel.getByRole('slider', { name: 'Time step' }).focus()
    await page.keyboard.press('Home')
    await step.getByText('Step 1 of 3, time 0.5').waitFor()
    await page.keyboard.press('ArrowRight')
    await step.getByText('Step 2 of 3, time 1').waitFor()
    await panel.getByTestId('legend-max').getByText(String(Math.max(...vonMisesValues(2))), { exact: true }).waitFor()
    expect(await axeViolations(page, '[data-testid="results-panel"]')).toEqual([])
  })

  it("opens a ParaView scene (.vtkjs): its numbers on the card, its fields coloured, the value under the pointer", async () => {
    const { page: cardPage } = await env.openHydrated(alice, `/profile/jobs/${jobId}`)
    const table = cardPage.getByTestId('job-client-files').getByRole('table', { name: /^Key numbers of beam-scene\.vtkjs/ })
    await table.waitFor()
    // The scene holds the beam's outer surface: its 168 boundary quads and 170 boundary points.
    expect(await table.locator('caption').textContent()).toBe('Key numbers of beam-scene.vtkjs: 168 cells, 170 points')
    await cardPage.context().close()

    const { page, dialog, panel } = await preview('beam-scene.vtkjs')
    expect(await dialog.getByTestId('model-size').textContent()).toBe('Size: 100 × 10 × 10 mm (the file stores no units: millimetres assumed)')
    expect(await panel.getByLabel('Field').locator('option').allTextContents()).toEqual(['displacement (3 components)', 'temperature', 'von_mises'])
    await panel.getByLabel('Field').selectOption({ label: 'von_mises' })
    // Each boundary face keeps its hexahedron's stress: the same extremes as the whole beam's.
    await panel.getByTestId('legend-max').getByText(String(Math.max(...vonMisesValues())), { exact: true }).waitFor()
    expect(Number(await panel.getByTestId('legend-min').textContent())).toBe(Math.min(...vonMisesValues()))
    await panel.getByLabel('Field').selectOption({ label: 'temperature' })
    const warm = await probeAt(page, dialog, 0.55, 0.52)
    expect(Math.abs(warm.value - temperature(warm.x, warm.y))).toBeLessThan(0.01)
  })

  it('shows a result with its panel clean to axe in the other themes', async () => {
    for (const theme of ['Theme 2', 'Theme 3']) {
      const { page, panel } = await preview('beam.vtu', theme)
      await panel.getByTestId('result-legend').waitFor()
      expect(await axeViolations(page, '[data-testid="results-panel"]'), theme).toEqual([])
      await page.context().close()
    }
  })
})
