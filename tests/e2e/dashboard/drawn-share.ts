import type { Page } from 'playwright-core'
import { canvasPixels, colourShares, drawnOver, modelCanvas } from './model-canvas'

/**
 * The share of the preview canvas's pixels that differ from its corner (the background), and the
 * share of warm ones (orange: red well above green, green above blue), after two frames. A WebGL
 * canvas that renders only on change may hand a copy its cleared buffer once the frame is shown: a
 * copy without a single differing pixel is taken again, a frame later, up to ten times.
 */
export async function drawnShare(page: Page): Promise<{ drawn: number; warm: number }> {
  let share = await copyShare(page)
  for (let tries = 1; tries < 10 && share.drawn === 0; tries++) share = await copyShare(page)
  return share
}

async function copyShare(page: Page): Promise<{ drawn: number; warm: number }> {
  return colourShares(await canvasPixels(modelCanvas(page)), {
    drawn: drawnOver,
    warm: (rgb, background) => drawnOver(rgb, background) && rgb[0] > rgb[1] + 40 && rgb[1] > rgb[2],
  })
}
