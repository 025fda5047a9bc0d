// A resumable upload through /uploads: BENCH_UPLOAD_BYTES (default 1 GiB) streamed in two PATCHes with
// a dropped connection in between, then the speed (MB/s), the time the server takes to finish the
// upload after its last byte (content check, move into the store, listing), and the server's resident
// memory growth (goal <= 100 MB). Then the shutdown time with uploads in flight (SIGTERM while four
// uploads stream in 8 MiB requests, as the browser sends them).
import { request } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startSmtpReceiver } from '../../tests/setup/smtp-receiver'
import { signUp } from '../support/portal-account'
import { rssMiB, startBenchServer } from '../support/server-process'

const CHUNK = Buffer.alloc(1024 * 1024, 0x61)
// A zip signature first, so the content check accepts "bench.zip".
Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]).copy(CHUNK)

let lastByteSentAt = 0
let answeredAt = 0

/** PATCHes bytes [from, to) of the synthetic file; stops writing after `dropAfter` bytes when given. */
function patch(url: string, cookie: string, from: number, to: number, total: number, dropAfter?: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'PATCH',
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': String(from), 'content-type': 'application/offset+octet-stream', 'content-length': String(to - from), cookie, origin: new URL(url).origin },
    })
    let sent = 0
    req.on('response', (res) => {
      answeredAt = performance.now()
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', (error) => (dropAfter !== undefined ? resolve(0) : reject(error)))
    const pump = () => {
      while (from + sent < to) {
        if (dropAfter !== undefined && sent >= dropAfter) {
          setTimeout(() => req.destroy(), 100)
          return
        }
        const n = Math.min(CHUNK.length, to - from - sent)
        const offsetInChunk = (from + sent) % CHUNK.length
        const piece = offsetInChunk === 0 ? CHUNK.subarray(0, n) : CHUNK.subarray(offsetInChunk, Math.min(CHUNK.length, offsetInChunk + n))
        sent += piece.length
        if (!req.write(piece)) return void req.once('drain', pump)
      }
      req.end(() => (lastByteSentAt = performance.now()))
    }
    void total
    pump()
  })
}

export default async function uploadBench() {
  const total = Number(process.env.BENCH_UPLOAD_BYTES ?? 1024 ** 3)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-upload-'))
  const mailbox = await startSmtpReceiver()
  const server = await startBenchServer(dataDir, { SMTP_URL: mailbox.url, UPLOAD_MAX_BYTES: String(total + 1) })
  let peak = 0
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(server.pid) ?? 0)), 100)
  try {
    const cookie = await signUp(server.url, mailbox, 'bench-upload@example.test')
    await new Promise((r) => setTimeout(r, 1000))
    const before = rssMiB(server.pid) ?? 0
    peak = before
    const meta = (o: Record<string, string>) => Object.entries(o).map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`).join(',')
    const created = await fetch(`${server.url}/uploads`, {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': String(total), 'upload-metadata': meta({ filename: 'bench.zip', kind: 'user-box' }), cookie, origin: server.url },
    })
    if (created.status !== 201) throw new Error(`upload creation failed: ${created.status} ${await created.text()}`)
    const location = new URL(created.headers.get('location')!, server.url).toString()
    const started = performance.now()
    await patch(location, cookie, 0, total, total, Math.floor(total / 2))
    let offset = 0
    for (let i = 0; i < 100; i++) {
      const head = await fetch(location, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', cookie } })
      offset = Number(head.headers.get('upload-offset') ?? 0)
      if (head.status === 200 && offset > 0) break
      await new Promise((r) => setTimeout(r, 50))
    }
    const status = await patch(location, cookie, offset, total, total)
    const seconds = (performance.now() - started) / 1000
    if (status !== 204) throw new Error(`the resumed upload ended with ${status}`)
    const after = rssMiB(server.pid) ?? 0
    console.log(`resumable upload of ${(total / 1e6).toFixed(0)} MB (dropped at ${(offset / 1e6).toFixed(0)} MB, resumed), local disk`)
    console.log(`throughput                                     ${(total / 1e6 / seconds).toFixed(0)} MB/s (${seconds.toFixed(1)} s including the reconnect)`)
    console.log(`finishing after the last byte (check, move, list) ${(answeredAt - lastByteSentAt).toFixed(0)} ms`)
    console.log(`server resident memory: before ${before.toFixed(0)} MiB, peak ${peak.toFixed(0)} MiB, after ${after.toFixed(0)} MiB; growth ${(peak - before).toFixed(0)} MiB (goal <= 100 MB)`)
  } finally {
    clearInterval(sampler)
    await server.stop()
    await mailbox.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  await shutdownWithUploadsInFlight()
}

/** SIGTERM while four 256 MB uploads stream in 8 MiB PATCHes: how long until the process has exited. */
async function shutdownWithUploadsInFlight() {
  const size = 256 * 1024 * 1024
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-upload-stop-'))
  const mailbox = await startSmtpReceiver()
  const server = await startBenchServer(dataDir, { SMTP_URL: mailbox.url, SHUTDOWN_DELAY_SECONDS: '0' })
  try {
    const cookie = await signUp(server.url, mailbox, 'bench-stop@example.test')
    const meta = (o: Record<string, string>) => Object.entries(o).map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`).join(',')
    let stopping = false
    const uploads = Array.from({ length: 4 }, async (_, i) => {
      const created = await fetch(`${server.url}/uploads`, {
        method: 'POST',
        headers: { 'tus-resumable': '1.0.0', 'upload-length': String(size), 'upload-metadata': meta({ filename: `stop-${i}.zip`, kind: 'user-box' }), cookie },
      })
      const location = new URL(created.headers.get('location')!, server.url).toString()
      for (let offset = 0; offset < size && !stopping; offset += 8 * 1024 * 1024) {
        await patch(location, cookie, offset, Math.min(size, offset + 8 * 1024 * 1024), size).catch(() => 0)
      }
    })
    await new Promise((r) => setTimeout(r, 1500))
    stopping = true
    const started = performance.now()
    await server.stop()
    const ms = performance.now() - started
    await Promise.all(uploads)
    console.log(`shutdown (SIGTERM) with 4 uploads in flight        ${ms.toFixed(0)} ms to exit (in-flight requests finish; each upload resumes from its last byte)`)
  } finally {
    await server.stop()
    await mailbox.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
