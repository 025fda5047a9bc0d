// Static files of the build against nginx on the same files in the same run: a prerendered page, a
// hashed script and a page's route data, brotli as a browser asks, 50 connections from wrk, one nginx
// worker (goal: at least 50 % of nginx's requests per second).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { goal } from '../support/goal'
import { startNginx } from '../support/nginx'
import { root, startBenchServer } from '../support/server-process'
import { runWrk } from '../support/wrk'

/** How a URL answers: its status, encoding and length, e.g. "200 br 7040 B". */
function answerOf(url: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        let length = 0
        res.on('data', (chunk: Buffer) => (length += chunk.length))
        res.on('end', () => resolve(`${res.statusCode} ${res.headers['content-encoding'] ?? 'identity'} ${length} B`))
      })
      .on('error', reject)
  })
}

export default async function staticFilesBench() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5)
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build')
  const clientDir = path.join(buildDir, 'client')
  const framework = readdirSync(path.join(clientDir, 'assets')).find((f) => /^framework-.*\.js$/.test(f))
  const paths = ['/about', `/assets/${framework}`, '/about.data']
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-static-'))
  const server = await startBenchServer(dataDir)
  const nginx = await startNginx(clientDir)
  try {
    console.log(`wrk, 50 connections, ${seconds} s each, Accept-Encoding br, 127.0.0.1 (one core for wrk, one for the server)`)
    if (!nginx) console.log('nginx is not available: no ratio to it this run')
    const headers = { 'accept-encoding': 'gzip, deflate, br' }
    for (const p of paths) {
      await runWrk(server.url + p, { connections: 10, seconds: 1, headers })
      const ours = await runWrk(server.url + p, { seconds, headers })
      const line = `GET ${p.length > 40 ? p.slice(0, 37) + '...' : p}`.padEnd(45)
      if (!nginx) {
        console.log(`${line} server ${ours.requestsPerSecond.toFixed(0).padStart(6)} req/s (p99 ${ours.p99Ms.toFixed(1)} ms)`)
        continue
      }
      const peer = await runWrk(nginx.url + p, { seconds, headers })
      const ratio = ours.requestsPerSecond / peer.requestsPerSecond
      // The same bytes from both, or the ratio compares different work.
      const [a, b] = await Promise.all([answerOf(server.url + p, headers), answerOf(nginx.url + p, headers)])
      if (a !== b) console.log(`(${p}: the server sends ${a}, nginx ${b})`)
      console.log(
        `${line} server ${ours.requestsPerSecond.toFixed(0).padStart(6)} req/s, nginx ${peer.requestsPerSecond.toFixed(0).padStart(6)} req/s: ${(ratio * 100).toFixed(0)} % (${goal(ratio >= 0.5, '>= 50 %')})${ours.failed + peer.failed ? `, ${ours.failed + peer.failed} failed` : ''}`,
      )
    }
  } finally {
    await nginx?.close()
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
