import type { Page } from 'playwright-core'

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

function copyShare(page: Page): Promise<{ drawn: number; warm: number }> {
  return page.evaluate(async () => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="model-canvas"] canvas')!
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
    const copy = document.createElement('canvas')
    copy.width = canvas.width
    copy.height = canvas.height
    const ctx = copy.getContext('2d')!
    ctx.drawImage(canvas, 0, 0)
    const { data } = ctx.getImageData(0, 0, copy.width, copy.height)
    const [r0, g0, b0] = [data[0]!, data[1]!, data[2]!]
    let differing = 0
    let warm = 0
    for (let i = 0; i < data.length; i += 4) {
      const d = Math.abs(data[i]! - r0) + Math.abs(data[i + 1]! - g0) + Math.abs(data[i + 2]! - b0)
      if (d > 30) {
        differing += 1
        if (data[i]! > data[i + 1]! + 40 && data[i + 1]! > data[i + 2]!) warm += 1
      }
    }
    const pixels = data.length / 4
    return { drawn: differing / pixels, warm: warm / pixels }
  })
}
