// CAD previews in the browser (Debian's Chromium, software WebGL): the time from the Preview click to
// the first rendered frame for a 50 MB binary STL (BENCH_PREVIEW_STL_MB), a STEP assembly of 100
// parts and a simulation result of a million hexahedra (BENCH_PREVIEW_RESULT_CELLS), and the page's
// longest blocked interval (the longest "long task") while each loads.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { stepAssembly } from '../../tests/fixtures/cad-files'
import { CHROMIUM_PATH } from '../../tests/setup/browser'
import { startSmtpReceiver } from '../../tests/setup/smtp-receiver'
import { signUp } from '../support/portal-account'
import { startBenchServer } from '../support/server-process'

/** A wavy surface of about `mb` megabytes as binary STL (50 bytes a triangle). */
function bigStl(mb: number): Buffer {
  const triangles = Math.floor((mb * 1e6 - 84) / 50)
  const n = Math.floor(Math.sqrt(triangles / 2)) + 1
  const count = 2 * (n - 1) * (n - 1)
  const buf = Buffer.alloc(84 + count * 50)
  buf.write('bench surface', 0, 'latin1')
  buf.writeUInt32LE(count, 80)
  const z = (i: number, j: number) => 5 * Math.sin(i / 40) * Math.cos(j / 55)
  let at = 84
  const put = (a: number[], b: number[], c: number[]) => {
    buf.writeFloatLE(0, at)
    buf.writeFloatLE(0, at + 4)
    buf.writeFloatLE(1, at + 8)
    ;[...a, ...b, ...c].forEach((v, k) => buf.writeFloatLE(v, at + 12 + k * 4))
    at += 50
  }
  for (let i = 0; i < n - 1; i++) {
    for (let j = 0; j < n - 1; j++) {
      const p00 = [i, j, z(i, j)]
      const p10 = [i + 1, j, z(i + 1, j)]
      const p01 = [i, j + 1, z(i, j + 1)]
      const p11 = [i + 1, j + 1, z(i + 1, j + 1)]
      put(p00, p10, p11)
      put(p00, p11, p01)
    }
  }
  return buf
}

/**
 * A VTK unstructured grid of n × n × n hexahedra (a unit cube of 1 mm cells) as VTK writes it with
 * appended raw data: Float32 points, Int32 connectivity, a displacement on the points and a stress on
 * the cells, both formulas of the coordinates.
 */
function bigVtu(n: number): Buffer {
  const p = n + 1
  const points = new Float32Array(p * p * p * 3)
  const displacement = new Float32Array(p * p * p * 3)
  for (let k = 0, i = 0; k < p; k++)
    for (let j = 0; j < p; j++)
      for (let x = 0; x < p; x++, i++) {
        points.set([x, j, k], i * 3)
        displacement.set([0, 0, -1e-6 * x * x * (3 * n - x)], i * 3)
      }
  const cells = n * n * n
  const connectivity = new Int32Array(cells * 8)
  const offsets = new Int32Array(cells)
  const types = new Uint8Array(cells).fill(12)
  const stress = new Float32Array(cells)
  const id = (x: number, y: number, z: number) => (z * p + y) * p + x
  for (let z = 0, c = 0; z < n; z++)
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++, c++) {
        connectivity.set([id(x, y, z), id(x + 1, y, z), id(x + 1, y + 1, z), id(x, y + 1, z), id(x, y, z + 1), id(x + 1, y, z + 1), id(x + 1, y + 1, z + 1), id(x, y + 1, z + 1)], c * 8)
        offsets[c] = (c + 1) * 8
        stress[c] = 0.5 * (n - x - 0.5) + 0.1 * Math.abs(z + 0.5 - n / 2)
      }
  const arrays: [string, string, number, ArrayBufferView][] = [
    ['displacement', 'Float32', 3, displacement],
    ['von_mises', 'Float32', 1, stress],
    ['Points', 'Float32', 3, points],
    ['connectivity', 'Int32', 1, connectivity],
    ['offsets', 'Int32', 1, offsets],
    ['types', 'UInt8', 1, types],
  ]
  let offset = 0
  const tags = arrays.map(([name, type, components, data]) => {
    const tag = `<DataArray type="${type}" Name="${name}" NumberOfComponents="${components}" format="appended" offset="${offset}"/>`
    offset += 4 + data.byteLength
    return tag
  })
  const head = `<?xml version="1.0"?>
<VTKFile type="UnstructuredGrid" version="0.1" byte_order="LittleEndian" header_type="UInt32">
  <UnstructuredGrid>
    <Piece NumberOfPoints="${p * p * p}" NumberOfCells="${cells}">
      <PointData>${tags[0]}</PointData>
      <CellData>${tags[1]}</CellData>
      <Points>${tags[2]}</Points>
      <Cells>${tags[3]}${tags[4]}${tags[5]}</Cells>
    </Piece>
  </UnstructuredGrid>
  <AppendedData encoding="raw">
   _`
  const parts: Buffer[] = [Buffer.from(head, 'latin1')]
  for (const [, , , data] of arrays) {
    const size = Buffer.alloc(4)
    size.writeUInt32LE(data.byteLength)
    parts.push(size, Buffer.from(data.buffer, data.byteOffset, data.byteLength))
  }
  parts.push(Buffer.from('\n  </AppendedData>\n</VTKFile>\n', 'latin1'))
  return Buffer.concat(parts)
}

async function upload(url: string, cookie: string, name: string, bytes: Buffer) {
  const meta = (m: Record<string, string>) => Object.entries(m).map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`).join(',')
  const created = await fetch(`${url}/uploads`, {
    method: 'POST',
    headers: { 'tus-resumable': '1.0.0', 'upload-length': String(bytes.length), 'upload-metadata': meta({ filename: name, kind: 'user-box' }), cookie, origin: url },
  })
  if (created.status !== 201) throw new Error(`upload of ${name} refused: ${created.status} ${await created.text()}`)
  const done = await fetch(new URL(created.headers.get('location')!, url), {
    method: 'PATCH',
    headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', cookie, origin: url },
    body: new Uint8Array(bytes),
  })
  if (done.status !== 204) throw new Error(`upload of ${name} failed: ${done.status}`)
}

export default async function previewBench() {
  const mb = Number(process.env.BENCH_PREVIEW_STL_MB ?? 50)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-preview-'))
  const mailbox = await startSmtpReceiver()
  const server = await startBenchServer(dataDir, { SMTP_URL: mailbox.url })
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--enable-unsafe-swiftshader'] })
  try {
    const cookie = await signUp(server.url, mailbox, 'bench-preview@example.test')
    const stl = bigStl(mb)
    const parts = Array.from({ length: 100 }, (_, i) => ({ name: `Part ${i + 1}`, size: 8, at: [(i % 10) * 12, Math.floor(i / 10) * 12, 0] as [number, number, number] }))
    const step = Buffer.from(stepAssembly(parts))
    const side = Math.round(Math.cbrt(Number(process.env.BENCH_PREVIEW_RESULT_CELLS ?? 1e6)))
    const vtu = bigVtu(side)
    await upload(server.url, cookie, 'surface.stl', stl)
    await upload(server.url, cookie, 'assembly.step', step)
    await upload(server.url, cookie, 'cube-result.vtu', vtu)
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await context.addCookies(cookie.split('; ').map((pair) => ({ name: pair.split('=')[0]!, value: pair.slice(pair.indexOf('=') + 1), url: server.url })))
    for (const [name, label] of [
      ['surface.stl', `binary STL, ${(stl.length / 1e6).toFixed(1)} MB, ${stl.readUInt32LE(80).toLocaleString('en-GB')} triangles`],
      ['assembly.step', `STEP assembly, 100 parts, ${(step.length / 1e6).toFixed(2)} MB`],
      ['cube-result.vtu', `VTU result, ${(side ** 3).toLocaleString('en-GB')} hexahedra, ${(vtu.length / 1e6).toFixed(0)} MB`],
    ] as const) {
      const page = await context.newPage()
      await page.goto(`${server.url}/profile`)
      await page.getByRole('button', { name: `Preview ${name}` }).waitFor()
      await page.evaluate(() => {
        const w = window as unknown as { longest: number }
        w.longest = 0
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.longest = Math.max(w.longest, e.duration)
        }).observe({ type: 'longtask', buffered: false })
      })
      const cdp = process.env.BENCH_PREVIEW_PROFILE ? await context.newCDPSession(page) : null
      if (cdp) {
        await cdp.send('Profiler.enable')
        await cdp.send('Profiler.start')
      }
      const started = performance.now()
      await page.getByRole('button', { name: `Preview ${name}` }).click()
      await page.waitForFunction(() => document.querySelector('[data-testid="model-canvas"] canvas[data-rendered="true"], [data-testid="preview-error"]'), undefined, { timeout: 300_000, polling: 50 })
      const ms = performance.now() - started
      if (cdp) {
        const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples: number[]; timeDeltas: number[] } }
        const self = new Map<number, number>()
        profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)))
        const top = profile.nodes.map((n) => ({ n, us: self.get(n.id) ?? 0 })).sort((a, b) => b.us - a.us).slice(0, 8)
        for (const { n, us } of top) console.log(`  ${(us / 1000).toFixed(0).padStart(5)} ms  ${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`)
      }
      const failed = await page.getByTestId('preview-error').count()
      const longest = await page.evaluate(() => (window as unknown as { longest: number }).longest)
      console.log(`${label.padEnd(52)} first frame ${failed ? 'FAILED' : `${ms.toFixed(0)} ms`}; longest main-thread block ${longest.toFixed(0)} ms`)
      await page.close()
    }
    console.log('(first frame: from the click, with the viewer code, the download and the parsing; the model is parsed in a worker, a result read and its outer surface found in one of its own)')
  } finally {
    await browser.close()
    await server.stop()
    await mailbox.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
