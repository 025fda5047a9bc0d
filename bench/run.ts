// `npm run bench`: figures for the production build, printed, never asserted.
// Then every module in bench/suites/*.ts (default export: async function printing its own figures).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { serverEntry } from '../tests/setup/server-entry'
import { formatLoad, runLoad } from './support/load'
import { postgresPids, pssMiB, root, rssMiB, startBenchServer } from './support/server-process'

const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build')
const mib = (n: number | undefined) => (n === undefined ? 'n/a' : `${n.toFixed(1)} MiB`)
const ms = (n: number) => `${n.toFixed(0)} ms`
const header = (title: string) => console.log(`\n== ${title} ${'='.repeat(Math.max(3, 74 - title.length))}`)
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

async function platformSuite() {
  header('platform: start-up, memory, throughput')
  console.log(`build: ${path.relative(root, buildDir) || '.'}   machine: ${os.cpus().length} CPU, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, Node ${process.version}`)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-'))
  try {
    const cold = await startBenchServer(dataDir)
    await cold.stop()
    console.log(`start to healthy /healthz, fresh DATA_DIR (initdb)   ${ms(cold.msToHealthy)}`)

    const warmTimes: number[] = []
    for (let i = 0; i < 2; i++) {
      const s = await startBenchServer(dataDir)
      warmTimes.push(s.msToHealthy)
      await s.stop()
    }
    const server = await startBenchServer(dataDir)
    warmTimes.push(server.msToHealthy)
    console.log(`start to healthy /healthz, existing DATA_DIR (warm)  ${ms(median(warmTimes))} median of ${warmTimes.map((t) => t.toFixed(0)).join(', ')} ms`)

    try {
      // Let start-up garbage settle before reading the idle footprint.
      await new Promise((r) => setTimeout(r, 3000))
      const pg = postgresPids(dataDir)
      const pgRss = pg.all.reduce((sum, pid) => sum + (rssMiB(pid) ?? 0), 0)
      const pgPss = pg.all.reduce((sum, pid) => sum + (pssMiB(pid) ?? 0), 0)
      console.log(`idle resident memory: server process          ${mib(rssMiB(server.pid))}`)
      console.log(`idle resident memory: embedded PostgreSQL     ${mib(pg.postmaster ? rssMiB(pg.postmaster) : undefined)} postmaster; ${pg.all.length} processes: RSS sum ${mib(pgRss)}, PSS sum ${mib(pgPss || undefined)}`)

      console.log('load: autocannon, 20 connections, 5 s each, 127.0.0.1 (load generator shares the CPUs)')
      // A short warm-up so the first figures do not include JIT compilation.
      await runLoad(`${server.url}/about`, { connections: 5, seconds: 1 })
      console.log(formatLoad('GET /about (prerendered page)', await runLoad(`${server.url}/about`)))
      // As a browser asks: the build's brotli copy is sent as it is, not compressed per request.
      console.log(formatLoad('GET /about, Accept-Encoding br', await runLoad(`${server.url}/about`, { headers: { 'accept-encoding': 'gzip, deflate, br' } })))
      console.log(formatLoad('GET /healthz (database round trip)', await runLoad(`${server.url}/healthz`)))
      console.log(`resident memory after the load: server         ${mib(rssMiB(server.pid))}`)
    } finally {
      await server.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function main() {
  // A build made before the server was bundled has no server bundle: it is built again too.
  if (!existsSync(path.join(buildDir, 'server/index.js')) || !existsSync(serverEntry)) {
    console.log(`No complete production build in ${path.relative(root, buildDir)}: building it first.`)
    const r = spawnSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.cjs'), 'build'], { cwd: root, stdio: 'inherit' })
    if (r.status !== 0) process.exit(r.status ?? 1)
  }

  const suites: Array<[string, () => Promise<void>]> = [['platform', platformSuite]]
  const suitesDir = path.join(root, 'bench/suites')
  if (existsSync(suitesDir)) {
    for (const file of readdirSync(suitesDir).filter((f) => f.endsWith('.ts')).sort()) {
      suites.push([
        file.replace(/\.ts$/, ''),
        async () => {
          header(`suite ${file}`)
          const mod = (await import(pathToFileURL(path.join(suitesDir, file)).href)) as { default?: () => Promise<void> }
          if (typeof mod.default !== 'function') throw new Error('it has no default export function')
          await mod.default()
        },
      ])
    }
  }

  // `npm run bench -- outbox` runs only the suites whose name contains one of the arguments.
  const only = process.argv.slice(2)
  const chosen = only.length ? suites.filter(([name]) => only.some((o) => name.includes(o))) : suites
  const failed: string[] = []
  for (const [name, run] of chosen) {
    const started = performance.now()
    try {
      await run()
      console.log(`(${name}: ${((performance.now() - started) / 1000).toFixed(1)} s)`)
    } catch (error) {
      failed.push(name)
      console.log(`!! suite ${name} failed: ${(error as Error).stack ?? error}`)
    }
  }
  header('summary')
  console.log(`${chosen.length - failed.length} of ${chosen.length} suites ran${failed.length ? `; failed: ${failed.join(', ')}` : ''}`)
  // Figures, not a verdict: a failing suite is reported above, the exit code stays 0 unless nothing ran.
  process.exit(chosen.length === 0 || failed.length === chosen.length ? 1 : 0)
}

await main()
