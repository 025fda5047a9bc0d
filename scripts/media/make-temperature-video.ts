/**
 * Renders the thermal retention study's clip: an animated temperature field in a longitudinal
 * section of the modified secondary chamber, encoded with ffmpeg (Debian's package) to a small,
 * seamlessly looping H.264 mp4, plus a poster frame. A development-time step; the outputs are
 * committed under public/media/examples/thermal-retention-study/.
 *
 *   node --import tsx scripts/media/make-temperature-video.ts
 */
import { spawn, spawnSync } from 'node:child_process'
import path from 'node:path'

const W = 640
const H = 320
const FPS = 15
const SECONDS = 6
const FRAMES = FPS * SECONDS
const out = path.resolve(import.meta.dirname, '../../public/media/examples/thermal-retention-study')

// Chamber coordinates in metres: 4.5 m long, 1.6 m bore; the frame maps to it with a small border.
const L = 4.5
const D = 1.6
const border = 12
const sx = (W - 2 * border) / L
const sy = (H - 2 * border) / D
const baffle = { x0: 1.2, x1: 1.3, top: 1.0 }

/** Height of the hot core along the chamber: in low at the throat, over the baffle, up to the stack. */
function coreY(x: number): number {
  if (x < 1.25) return 0.35 + (1.3 - 0.35) * Math.sin(((x / 1.25) * Math.PI) / 2) ** 2
  if (x < 3.0) return 1.3 - 0.55 * Math.sin(((x - 1.25) / 1.75) * Math.PI) * 0.9
  return 1.3 + (1.45 - 1.3) * ((x - 3.0) / 1.5)
}

/** Temperature in °C at a point and phase (0..1, periodic so the clip loops without a jump). */
function temperature(x: number, y: number, phase: number): number {
  const yc = coreY(x)
  const width = 0.22 + 0.18 * (x / L)
  const core = Math.exp(-(((y - yc) / width) ** 2))
  // Eddies carried downstream at the mean speed; integer wave numbers over the period keep it periodic.
  const t = 2 * Math.PI * phase
  const eddy = 0.12 * Math.sin(2 * Math.PI * (x / 0.9) - 2 * t) * Math.sin(2 * Math.PI * (y / 0.8) + t) + 0.06 * Math.sin(2 * Math.PI * (x / 0.45) - 4 * t)
  const wall = Math.min(y, D - y, x + 0.4, L - x + 0.4)
  const wallCooling = 1 - 0.55 * Math.exp(-wall / 0.12)
  const mixed = 0.55 + 0.45 * core + eddy * (0.4 + core)
  return 800 + 200 * Math.max(0, Math.min(1, mixed * wallCooling - 0.02 * x))
}

/** 800 °C blue → cyan → green → yellow 1000 °C. */
function colour(tC: number): [number, number, number] {
  const v = Math.max(0, Math.min(1, (tC - 800) / 200))
  const stops: [number, [number, number, number]][] = [
    [0, [32, 48, 150]],
    [0.3, [30, 150, 210]],
    [0.55, [40, 190, 120]],
    [0.8, [220, 210, 60]],
    [1, [255, 240, 120]],
  ]
  for (let i = 1; i < stops.length; i++) {
    const [p1, c1] = stops[i]
    const [p0, c0] = stops[i - 1]
    if (v <= p1) {
      const f = (v - p0) / (p1 - p0)
      return [0, 1, 2].map((k) => Math.round(c0[k] + f * (c1[k] - c0[k]))) as [number, number, number]
    }
  }
  return stops[stops.length - 1][1]
}

function frame(index: number): Buffer {
  const buffer = Buffer.alloc(W * H * 3)
  const phase = index / FRAMES
  for (let py = 0; py < H; py++) {
    for (let px = 0; px < W; px++) {
      const x = (px - border) / sx
      const y = D - (py - border) / sy
      let rgb: [number, number, number]
      const inBaffle = x >= baffle.x0 && x <= baffle.x1 && y <= baffle.top
      const inInlet = x < 0 && y > 0.2 && y < 0.55
      const inOutlet = y > D && x > 3.9 && x < 4.3
      if (inBaffle) rgb = [150, 80, 40]
      else if (x < 0 || x > L || y < 0 || y > D) rgb = inInlet || inOutlet ? colour(temperature(Math.max(0, Math.min(L, x)), Math.max(0, Math.min(D, y)), phase)) : [200, 184, 166]
      else rgb = colour(temperature(x, y, phase))
      const o = (py * W + px) * 3
      buffer[o] = rgb[0]
      buffer[o + 1] = rgb[1]
      buffer[o + 2] = rgb[2]
    }
  }
  return buffer
}

async function main() {
  const mp4 = path.join(out, 'temperature-field.mp4')
  const ffmpeg = spawn('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${W}x${H}`, '-r', String(FPS), '-i', '-', '-c:v', 'libx264', '-preset', 'veryslow', '-crf', '30', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-an', mp4], { stdio: ['pipe', 'inherit', 'inherit'] })
  for (let i = 0; i < FRAMES; i++) {
    if (!ffmpeg.stdin.write(frame(i))) await new Promise((resolve) => ffmpeg.stdin.once('drain', resolve))
  }
  ffmpeg.stdin.end()
  const code = await new Promise<number | null>((resolve) => ffmpeg.once('close', resolve))
  if (code !== 0) throw new Error(`ffmpeg exited with ${code}`)
  const poster = spawnSync('ffmpeg', ['-y', '-loglevel', 'error', '-i', mp4, '-frames:v', '1', '-q:v', '4', path.join(out, 'temperature-field-poster.jpg')], { stdio: 'inherit' })
  if (poster.status !== 0) throw new Error('poster extraction failed')
  console.log('wrote', mp4)
}

await main()
