import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { dxfSquare, gltfCube, ifcCube, mtlFile, objCube, plyCube, stepAssembly, stepCube, stlCubeAscii, stlCubeBinary, threeMfCube } from '../../fixtures/cad-files'
import { tusUpload } from '../../integration/portal/support/tus-upload'
import { allowPageErrors } from '../../setup/browser'
import { testPreviewLimit, useDashboardEnv } from './dashboard-env'
import { drawnShare } from './drawn-share'
import { canvasPixels, modelCanvas, rgbAt } from './model-canvas'
import { openPreview, uploadDocument } from './model-preview-steps'
import type { SeededUser } from './seed'

/**
 * Previews of CAD files in the client's documents: each format family opens in the viewer, draws
 * something (its pixels are not all background), and reports the model's size; a damaged file says
 * so; a DWG offers no preview; another client's browser is refused the file.
 */
describe('previews of models and drawings', () => {
  const env = useDashboardEnv('model-preview')
  let alice: SeededUser
  let bob: SeededUser

  const upload = (name: string, content: string | Buffer) => uploadDocument(env, alice, name, content)
  const preview = (name: string, path = '/profile') => openPreview(env, alice, name, path)

  /** What a model's size says after its numbers when its format stores no units. */
  const noUnits = ' (the file stores no units: millimetres assumed)'
  /** Opens the file's preview and finds the model's size said as `size`, whole. */
  const previewSized = async (name: string, size: string) => {
    const opened = await preview(name)
    expect(await opened.dialog.getByTestId('model-size').textContent()).toBe(size)
    return opened
  }

  /** Presses each key in turn in the focused viewer; after each, the picture on its canvas has changed. */
  const expectEachKeyMovesTheView = async (page: Page, dialog: Locator, keys: string[]) => {
    const canvas = dialog.locator('[data-testid="model-canvas"] canvas')
    const picture = () => canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL())
    let before = await picture()
    for (const key of keys) {
      await page.keyboard.press(key)
      await page.waitForTimeout(150)
      const after = await picture()
      expect(after, key).not.toBe(before)
      before = after
    }
  }

  beforeAll(async () => {
    // The portal server's preview limit is small, so "too large to preview" needs only a 1.2 MB file.
    ;[alice, bob] = await Promise.all([env.user('alice'), env.user('bob')])
    await upload('cube.stl', stlCubeBinary(10))
    await upload('cube-ascii.stl', stlCubeAscii(10))
    await upload('cube.step', stepCube(10))
    await upload('cube.obj', objCube(10, 'steel'))
    await upload('cube.mtl', mtlFile('steel'))
    await upload('cube.gltf', gltfCube(10))
    await upload('plate.dxf', dxfSquare(10))
    await upload('kiosk.ifc', ifcCube(10, 'Kiosk'))
    await upload('broken.step', 'ISO-10303-21;\nHEADER;\nthis is not a model\n')
    await upload('thumb.step', stepCube(10, 'Bracket'))
    await upload('gearbox.step', stepAssembly([{ name: 'Base', size: 10, at: [0, 0, 0] }, { name: 'Lid', size: 10, at: [20, 0, 0] }, { name: 'Pin', size: 5, at: [0, 0, 15] }]))
    await upload('cube.ply', plyCube(10))
    await upload('cube.3mf', await threeMfCube(10))
    const big = stlCubeBinary(10, 2000)
    expect(big.byteLength).toBeGreaterThan(testPreviewLimit)
    await upload('big.stl', big)
    await upload('housing.dwg', Buffer.concat([Buffer.from('AC1032'), Buffer.alloc(200)]))
  })

  it('the dashboard loads no byte of the viewer until a preview opens', async () => {
    const { page } = await env.openHydrated(alice)
    await page.getByRole('button', { name: 'Preview cube.stl' }).waitFor()
    await page.waitForTimeout(2000)
    const scripts = () => page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((p) => /\.(m?js|wasm)$/.test(p)))
    const isViewer = (p: string) => /preview-dialog-|\.worker-|occt-import-js-|\.wasm$/.test(p)
    expect((await scripts()).filter(isViewer)).toEqual([])
    await page.getByRole('button', { name: 'Preview cube.step' }).click()
    await page.waitForFunction(() => document.querySelector('[data-testid="model-canvas"] canvas[data-rendered="true"]'), undefined, { timeout: 60_000 })
    // The page lists what it fetched itself; the worker fetches OpenCascade's script and WebAssembly on its own.
    const loaded = (await scripts()).filter(isViewer)
    expect(loaded.some((p) => /^\/assets\/preview-dialog-[\w-]+\.js$/.test(p))).toBe(true)
    expect(loaded.some((p) => /^\/assets\/model\.worker-[\w-]+\.js$/.test(p))).toBe(true)
    // PDF.js comes only with a PDF's preview, never with a model's.
    expect((await scripts()).filter((p) => /\/(pdf-view|pdf\.worker\.min)-/.test(p))).toEqual([])
    // The viewer's code brings no stylesheet: the page's own is linked once (a second copy of it,
    // added as the viewer loaded, restyled the whole page).
    const styleSheets = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => new URL(l.href).pathname))
    expect(styleSheets).toHaveLength(1)
    expect(styleSheets[0]).toMatch(/^\/assets\/app-[\w-]+\.css$/)
  })

  it('shows a binary STL cube drawn, 10 × 10 × 10, with the views, and closes with Escape', async () => {
    const { page, dialog } = await previewSized('cube.stl', `Size: 10 × 10 × 10 mm${noUnits}`)
    expect((await drawnShare(page)).drawn).toBeGreaterThan(0.03)
    // The view's background is the theme's background colour as the page paints it: frames drawn off
    // screen and copied to the canvas keep the canvas's colour encoding.
    const themed = await dialog.getByTestId('model-canvas').evaluate((view) => {
      const paint = document.createElement('canvas').getContext('2d')!
      paint.fillStyle = getComputedStyle(view).getPropertyValue('--color-background').trim()
      paint.fillRect(0, 0, 1, 1)
      return [...paint.getImageData(0, 0, 1, 1).data.slice(0, 3)]
    })
    const corner = rgbAt(await canvasPixels(modelCanvas(page)), 0, 0)
    corner.forEach((v, i) => expect(Math.abs(v - themed[i]!), `channel ${i}: ${corner} against ${themed}`).toBeLessThanOrEqual(2))
    for (const view of ['Top', 'Front', 'Side', 'Isometric', 'Fit']) await dialog.getByRole('button', { name: view, exact: true }).click()
    await dialog.getByRole('button', { name: 'Wireframe' }).click()
    expect(await dialog.getByRole('button', { name: 'Wireframe' }).getAttribute('aria-pressed')).toBe('true')
    await dialog.getByRole('button', { name: 'Edges' }).click()
    expect((await drawnShare(page)).drawn).toBeGreaterThan(0.005)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Preview cube.stl')
  })

  it("downloads the model in a worker, started by the press while the viewer's code loads, once, never on the page's thread", async () => {
    const { page } = await preview('cube.stl')
    const entries = () => performance.getEntriesByType('resource').map((e) => ({ path: new URL(e.name).pathname, start: performance.timeOrigin + e.startTime }))
    const isFile = (e: { path: string }) => e.path.startsWith('/files/') && e.path.endsWith('/cube.stl')
    // The page's own timeline lists what its thread fetched; the worker's lists what the worker fetched.
    const onPage = await page.evaluate(entries)
    expect(onPage.filter(isFile)).toEqual([])
    const downloader = page.workers().find((w) => /\/assets\/download\.worker-[\w-]+\.js$/.test(new URL(w.url()).pathname))
    expect(downloader, page.workers().map((w) => w.url()).join(', ')).toBeDefined()
    const file = (await downloader!.evaluate(entries)).filter(isFile)
    expect(file).toHaveLength(1)
    // The viewer marks its start once its code has come and run: the file was on its way before that.
    const viewerStarted = await page.evaluate(() => performance.timeOrigin + performance.getEntriesByName('preview:opened')[0]!.startTime)
    expect(file[0]!.start).toBeLessThan(viewerStarted)
  })

  it('orbits, pans and zooms from the keyboard', async () => {
    const { page, dialog } = await preview('cube-ascii.stl')
    await dialog.locator('[data-testid="model-canvas"] canvas').focus()
    await expectEachKeyMovesTheView(page, dialog, ['Shift+ArrowLeft', 'ArrowUp', '+', '-'])
    const small = (await drawnShare(page)).drawn
    await dialog.getByRole('button', { name: 'Zoom in' }).click()
    await page.waitForTimeout(150)
    expect((await drawnShare(page)).drawn).toBeGreaterThan(small)
  })

  it.each([
    ['PLY', 'cube.ply', `Size: 10 × 10 × 10 mm${noUnits}`],
    ['3MF', 'cube.3mf', 'Size: 10 × 10 × 10 mm'],
    ['an ASCII STL too', 'cube-ascii.stl', `Size: 10 × 10 × 10 mm${noUnits}`],
    ['a STEP solid with OpenCascade in a worker, in millimetres', 'cube.step', 'Size: 10 × 10 × 10 mm'],
    ['glTF in its own unit, metres', 'cube.gltf', 'Size: 10 × 10 × 10 m'],
  ])('reads %s (%s) and draws it', async (_format, name, size) => {
    const { page } = await previewSized(name, size)
    expect((await drawnShare(page)).drawn).toBeGreaterThan(0.03)
  })

  it('offers the download instead of a preview above the preview size limit', async () => {
    const { page } = await env.openHydrated(alice)
    const row = page.getByRole('row').filter({ hasText: 'big.stl' })
    await row.getByText('Too large to preview').waitFor()
    expect(await row.getByRole('button', { name: /Preview/ }).count()).toBe(0)
    await row.getByRole('link', { name: 'Download big.stl' }).waitFor()
  })

  it('lists the parts of a STEP assembly, placed where the assembly puts them, each of which can be hidden', async () => {
    const { page, dialog } = await previewSized('gearbox.step', 'Size: 30 × 10 × 20 mm')
    const parts = dialog.getByTestId('model-parts')
    expect(await parts.locator('label').allTextContents()).toEqual(['Assembly', 'Base', 'Lid', 'Pin'])
    const all = (await drawnShare(page)).drawn
    await parts.getByRole('checkbox', { name: 'Lid' }).uncheck()
    await page.waitForTimeout(200)
    expect((await drawnShare(page)).drawn).toBeLessThan(all)
    await parts.getByRole('checkbox', { name: 'Assembly' }).uncheck()
    await page.waitForTimeout(200)
    expect((await drawnShare(page)).drawn).toBe(0)
  })

  it("reads an IFC element's name as text: script in it runs neither in the IFC worker nor on the page", async () => {
    // web-ifc's bindings make their call wrappers with new Function when they load, from their own
    // signatures; a file's strings are data. A name written as code must come out as that text.
    const payload = 'Kiosk");globalThis.pwned=1;fetch("/pwned");("<img src=x onerror=fetch(`/pwned`)>'
    await upload('named.ifc', ifcCube(10, payload))
    const { page } = await env.openHydrated(alice)
    const requested: string[] = []
    page.on('request', (request) => void requested.push(new URL(request.url()).pathname))
    await page.getByRole('button', { name: 'Preview named.ifc' }).click()
    const dialog = page.getByRole('dialog', { name: 'named.ifc' })
    await dialog.getByTestId('model-parts').getByRole('checkbox', { name: payload, exact: true }).waitFor({ timeout: 60_000 })
    expect(await page.evaluate(() => (globalThis as { pwned?: unknown }).pwned)).toBeUndefined()
    expect(requested.filter((p) => p.includes('pwned'))).toEqual([])
    expect(requested.some((p) => /\/assets\/ifc\.worker-[\w-]+\.js$/.test(p))).toBe(true)
  })

  it('colours an OBJ with the MTL uploaded beside it', async () => {
    const { page } = await previewSized('cube.obj', `Size: 10 × 10 × 10 mm${noUnits}`)
    // The MTL's diffuse colour is orange (0.8, 0.3, 0.1).
    expect((await drawnShare(page)).warm).toBeGreaterThan(0.02)
  })

  it('reads an IFC model with web-ifc in a worker, in millimetres, listing its elements', async () => {
    const { page, dialog } = await previewSized('kiosk.ifc', 'Size: 10 × 10 × 10 mm')
    await dialog.getByTestId('model-parts').getByRole('checkbox', { name: 'Kiosk' }).waitFor()
    expect((await drawnShare(page)).drawn).toBeGreaterThan(0.03)
    await dialog.getByTestId('model-parts').getByRole('checkbox', { name: 'Kiosk' }).uncheck()
    await page.waitForTimeout(200)
    expect((await drawnShare(page)).drawn).toBe(0)
  })

  it('shows a DXF drawing with its layers, each of which can be turned off', async () => {
    const { page, dialog } = await previewSized('plate.dxf', 'Extent: 10 × 10 mm')
    const layers = dialog.getByTestId('drawing-layers')
    expect(await layers.getByRole('checkbox').count()).toBe(2)
    await layers.getByRole('checkbox', { name: 'CENTRE' }).waitFor()
    expect((await drawnShare(page)).drawn).toBeGreaterThan(0.001)
    // The keyboard pans and zooms the drawing.
    await dialog.getByTestId('model-canvas').focus()
    await expectEachKeyMovesTheView(page, dialog, ['ArrowLeft', '+', '-'])
    await dialog.getByRole('button', { name: 'Fit' }).click()
    await layers.getByRole('checkbox', { name: 'OUTLINE' }).uncheck()
    await layers.getByRole('checkbox', { name: 'CENTRE' }).uncheck()
    await page.waitForTimeout(200)
    expect((await drawnShare(page)).drawn).toBe(0)
  })

  it('says plainly when a file cannot be read, and offers no preview for a DWG', async () => {
    const { page, dialog } = await preview('broken.step')
    expect(await dialog.getByTestId('preview-error').textContent()).toMatch(/^This file could not be read as a model\./)
    await dialog.getByRole('button', { name: 'Close' }).click()
    const row = page.getByRole('row').filter({ hasText: 'housing.dwg' })
    await row.getByText('No preview').waitFor()
    expect(await row.getByRole('button', { name: /Preview/ }).count()).toBe(0)
  })

  it('says the download failed when the connection breaks, and shows the model when opened again', async () => {
    allowPageErrors(/net::ERR_CONNECTION_RESET/)
    const { page } = await env.openHydrated(alice)
    // The connection to the file is cut in the browser's network layer, as a dropped link would.
    await page.route(/\/files\/.*\/cube\.ply$/, (route) => route.abort('connectionreset'))
    await page.getByRole('button', { name: 'Preview cube.ply' }).click()
    const dialog = page.getByRole('dialog', { name: 'cube.ply' })
    await dialog.getByTestId('preview-error').waitFor({ timeout: 60_000 })
    expect(await dialog.getByTestId('preview-error').textContent()).toBe('The file could not be downloaded. Please try again.')
    await dialog.getByRole('button', { name: 'Close' }).click()
    await page.unroute(/\/files\/.*\/cube\.ply$/)
    await page.getByRole('button', { name: 'Preview cube.ply' }).click()
    await page.waitForFunction(() => document.querySelector('[data-testid="model-canvas"] canvas[data-rendered="true"]'), undefined, { timeout: 60_000 })
    expect(await dialog.getByTestId('model-size').textContent()).toBe(`Size: 10 × 10 × 10 mm${noUnits}`)
  })

  it('says the download failed when the download worker cannot start, and shows the model when opened again', async () => {
    allowPageErrors(/net::ERR_FAILED/)
    const { page } = await env.openHydrated(alice)
    const workerScript = /\/assets\/download\.worker-[\w-]+\.js$/
    await page.route(workerScript, (route) => route.abort('failed'))
    await page.getByRole('button', { name: 'Preview cube.ply' }).click()
    const dialog = page.getByRole('dialog', { name: 'cube.ply' })
    await dialog.getByTestId('preview-error').waitFor({ timeout: 60_000 })
    expect(await dialog.getByTestId('preview-error').textContent()).toBe('The file could not be downloaded. Please try again.')
    await dialog.getByRole('button', { name: 'Close' }).click()
    await page.unroute(workerScript)
    await page.getByRole('button', { name: 'Preview cube.ply' }).click()
    await page.waitForFunction(() => document.querySelector('[data-testid="model-canvas"] canvas[data-rendered="true"]'), undefined, { timeout: 60_000 })
    expect(await dialog.getByTestId('model-size').textContent()).toBe(`Size: 10 × 10 × 10 mm${noUnits}`)
  })

  it('says the file may not be opened when the session ended while the page was open', async () => {
    allowPageErrors(/status of 40[13]/)
    const { page, context } = await env.openHydrated(alice)
    // Signed out elsewhere: the page is still shown, but its requests carry no session any more.
    await context.clearCookies()
    await page.getByRole('button', { name: 'Preview cube.ply' }).click()
    const dialog = page.getByRole('dialog', { name: 'cube.ply' })
    await dialog.getByTestId('preview-error').waitFor({ timeout: 60_000 })
    expect(await dialog.getByTestId('preview-error').textContent()).toBe('You are not allowed to open this file.')
  })

  it('after the first preview the list shows the model\'s picture, which goes when the file is deleted', async () => {
    const { page, dialog } = await previewSized('thumb.step', 'Size: 10 × 10 × 10 mm')
    const picture = page.getByRole('img', { name: 'Preview of thumb.step' })
    await dialog.getByRole('button', { name: 'Close' }).click()
    await picture.waitFor()
    await page.waitForFunction(() => {
      const img = [...document.images].find((i) => i.alt === 'Preview of thumb.step')
      return img?.complete && img.naturalWidth === 160
    })
    const thumbnail = `/thumbnails/user-box/${alice.id}/thumb.step`
    expect(await page.evaluate((u) => fetch(u).then((r) => r.status), thumbnail)).toBe(200)
    const row = page.getByRole('row').filter({ hasText: 'thumb.step' })
    await row.getByRole('button', { name: 'Delete' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click()
    await page.getByTestId('documents-status').getByText('File deleted successfully: thumb.step').waitFor()
    allowPageErrors(/status of 404 \(Not Found\)/)
    expect(await page.evaluate((u) => fetch(u).then((r) => r.status), thumbnail)).toBe(404)
  })

  it("on a job's page, a document the client sent and a file on the thread show their pictures after their first preview", async () => {
    const client = env.http(alice)
    const created = await client.gql<{ createJobRequests: { id: string } }>('mutation { createJobRequests(input: { job: "Gear housing FEA" }) { id } }')
    const id = created.data!.createJobRequests.id
    const r = await tusUpload(client, stlCubeBinary(10), { filename: 'gear.stl', kind: 'job-files', jobRequestId: id })
    expect(r.status, r.body).toBe(204)
    const attached = await tusUpload(client, stlCubeBinary(20), { filename: 'bracket.stl', kind: 'job-messages', jobRequestId: id })
    expect(attached.status, attached.body).toBe(204)
    const posted = await client.gql('mutation($id: ID!, $f: [String!]) { postJobMessage(jobId: $id, body: "The bracket as drawn.", files: $f) { id } }', { id, f: [attached.path] })
    expect(posted.errors).toBeUndefined()
    // No pictures before the first previews.
    expect((await client.fetch(`/thumbnails/job-files/${id}/gear.stl`)).status).toBe(404)
    expect((await client.fetch(`/thumbnails/${attached.path}`)).status).toBe(404)
    const { page, dialog } = await preview('gear.stl', `/profile/jobs/${id}`)
    const files = page.getByTestId('job-client-files')
    await dialog.getByRole('button', { name: 'Close' }).click()
    await files.getByRole('img', { name: 'Preview of gear.stl' }).waitFor()
    await page.waitForFunction(() => {
      const img = [...document.images].find((i) => i.alt === 'Preview of gear.stl')
      return img?.complete && img.naturalWidth > 0
    })

    const thread = page.getByTestId('job-message-files')
    await thread.getByRole('button', { name: 'Preview bracket.stl' }).click()
    const threadDialog = page.getByRole('dialog', { name: 'bracket.stl' })
    await page.waitForFunction(() => document.querySelector('[data-testid="model-canvas"] canvas[data-settled="true"]'), undefined, { timeout: 60_000 })
    expect(await threadDialog.getByTestId('model-size').textContent()).toMatch(/^Size: 20 × 20 × 20 mm/)
    await threadDialog.getByRole('button', { name: 'Close' }).click()
    await thread.getByRole('img', { name: 'Preview of bracket.stl' }).waitFor()
  })

  it('another client cannot fetch the file the preview reads', async () => {
    allowPageErrors(/status of 403 \(Forbidden\)/)
    const { page } = await env.open(bob)
    const status = (url: string) => page.evaluate((u) => fetch(u).then((r) => r.status), url)
    expect(await status(`/files/user-box/${alice.id}/cube.step`)).toBe(403)
    expect(await status(`/thumbnails/user-box/${alice.id}/cube.step`)).toBe(403)
  })
})
