import type { JSHandle, Locator, Page } from 'playwright-core'
import { themes } from '../../../lib/theme'
import { axeViolations } from '../../setup/axe'

/** A point of a model, in its own millimetres. */
export type Point = [number, number, number]

/** The model viewer's canvas on a page (the first, where a comparison shows two). */
export const modelCanvas = (page: Page) => page.locator('[data-testid="model-canvas"] canvas').first()

/**
 * Waits two frames, then for every frame asked of a viewer's canvas to be on it (a frame may take
 * several tasks to be drawn and shown: the canvas carries `data-drawing` meanwhile).
 */
export const settleCanvas = (canvas: Locator) =>
  canvas.evaluate(async (c: HTMLCanvasElement) => {
    const frame = () => new Promise((r) => requestAnimationFrame(r))
    await frame()
    await frame()
    while (c.dataset.drawing) await frame()
  })

/** Settles the page's (first) model canvas, so the view it publishes is the one on screen. */
export const settle = (page: Page) => settleCanvas(modelCanvas(page))

/** Where a point of the model is on the page, from the view-projection matrix the viewer publishes on its canvas. */
export async function onScreen(page: Page, point: Point): Promise<{ x: number; y: number }> {
  await settle(page)
  return page.evaluate(([x, y, z]) => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="model-canvas"] canvas')!
    const m = JSON.parse(canvas.dataset.viewProjection!) as number[]
    const clip = [0, 1, 3].map((row) => m[row]! * x + m[4 + row]! * y + m[8 + row]! * z + m[12 + row]!)
    const rect = canvas.getBoundingClientRect()
    return { x: rect.left + ((clip[0]! / clip[2]! + 1) / 2) * rect.width, y: rect.top + ((1 - clip[1]! / clip[2]!) / 2) * rect.height }
  }, point)
}

/** What axe finds wrong in a part of the viewer, in each theme in turn. */
export async function axeInEveryTheme(page: Page, selector: string): Promise<string[]> {
  const found: string[] = []
  for (const [i, theme] of themes.entries()) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = String(t)), i)
    found.push(...(await axeViolations(page, selector)).map((v) => `${theme.name}: ${v}`))
  }
  return found
}

/** A canvas's pixels as RGBA bytes, row by row from the top left. */
export interface Pixels {
  width: number
  height: number
  data: Uint8Array
}

/** Run in the page: a canvas's pixels, read from a 2D copy of it (what is on screen), as base64. */
const readPixels = (c: HTMLCanvasElement) => {
  const copy = document.createElement('canvas')
  copy.width = c.width
  copy.height = c.height
  const ctx = copy.getContext('2d')!
  ctx.drawImage(c, 0, 0)
  const { data } = ctx.getImageData(0, 0, copy.width, copy.height)
  let binary = ''
  for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000))
  return { width: copy.width, height: copy.height, base64: btoa(binary) }
}

const decoded = ({ width, height, base64 }: { width: number; height: number; base64: string }): Pixels => ({ width, height, data: new Uint8Array(Buffer.from(base64, 'base64')) })

/** A canvas's pixels once settled, so what is counted is what is on screen. */
export async function canvasPixels(canvas: Locator): Promise<Pixels> {
  await settleCanvas(canvas)
  return decoded(await canvas.evaluate(readPixels))
}

/** The pixels of a canvas the test holds (a copy taken in the page at some moment), as they are. */
export async function heldCanvasPixels(canvas: JSHandle<HTMLCanvasElement>): Promise<Pixels> {
  return decoded(await canvas.evaluate(readPixels))
}

/** A pixel's colour, as [red, green, blue]. */
export type Rgb = [number, number, number]

/** The colour of one pixel. */
export const rgbAt = ({ data, width }: Pixels, x: number, y: number): Rgb => {
  const i = (y * width + x) * 4
  return [data[i]!, data[i + 1]!, data[i + 2]!]
}

/** Calls `visit` with each pixel's colour and place, row by row. */
export function eachPixel(pixels: Pixels, visit: (rgb: Rgb, x: number, y: number) => void): void {
  for (let y = 0; y < pixels.height; y++) for (let x = 0; x < pixels.width; x++) visit(rgbAt(pixels, x, y), x, y)
}

/** How far apart two colours are: the sum of the differences of their channels. */
export const colourDistance = (a: Rgb, b: Rgb) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2])

/** The share of the pixels whose colours differ (more than `drawnOver`'s margin) between two pictures of the same size. */
export function differingShare(a: Pixels, b: Pixels): number {
  let differing = 0
  eachPixel(a, (rgb, x, y) => {
    if (colourDistance(rgb, rgbAt(b, x, y)) > 30) differing++
  })
  return differing / (a.width * a.height)
}

/** Whether a colour stands out from the background (the top left pixel's colour). */
export const drawnOver = (rgb: Rgb, background: Rgb) => colourDistance(rgb, background) > 30

/** The share of the pixels in each family, each family told by a test of a pixel's colour against the background's. */
export function colourShares<K extends string>(pixels: Pixels, families: Record<K, (rgb: Rgb, background: Rgb) => boolean>): Record<K, number> {
  const background = rgbAt(pixels, 0, 0)
  const tests = Object.entries(families) as [K, (rgb: Rgb, background: Rgb) => boolean][]
  const counts = Object.fromEntries(tests.map(([name]) => [name, 0])) as Record<K, number>
  eachPixel(pixels, (rgb) => {
    for (const [name, test] of tests) if (test(rgb, background)) counts[name] += 1
  })
  const total = pixels.width * pixels.height
  for (const [name] of tests) counts[name] /= total
  return counts
}
