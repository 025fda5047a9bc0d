// The signed-in portal pages beside their signed-out figures, one server process, 50 connections from
// wrk: a page of the portal is its document (the same for everyone) and its data request (the JSON
// its clientLoader reads for the person signed in). Goals for each, signed in: >= 1,000 req/s with
// p99 < 100 ms under load, and < 5 ms for one request on a quiet server (median of 200 in a row).
// The client has the list's 25 jobs; the job has a quote, 20 messages and a move or two.
// BENCH_SECONDS sets each run's length (default 10).
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startSmtpReceiver } from '../../tests/setup/smtp-receiver'
import { goal } from '../support/goal'
import { signUp } from '../support/portal-account'
import { cpuMs, postgresPids, startBenchServer } from '../support/server-process'
import { runWrk } from '../support/wrk'

const row = (label: string, r: { requestsPerSecond: number; p50Ms: number; p99Ms: number; total: number; failed: number }, note = '') =>
  `${label.padEnd(52)} ${r.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${r.p50Ms.toFixed(1).padStart(5)} ms   p99 ${r.p99Ms.toFixed(1).padStart(6)} ms   (${r.total} requests${r.failed ? `, ${r.failed} failed` : ''})${note ? `  ${note}` : ''}`

/** The median time of one request at a time, on a server doing nothing else. */
async function quietMs(url: string, headers: Record<string, string>, count = 200): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    const res = await fetch(url, { headers })
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`${url}: ${res.status}`)
    times.push(performance.now() - started)
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!
}

export default async function portalBench() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-portal-'))
  const mailbox = await startSmtpReceiver()
  const server = await startBenchServer(dataDir, { SMTP_URL: mailbox.url, ADMIN_EMAILS: 'bench-portal-admin@example.test' })
  try {
    const cookie = await signUp(server.url, mailbox, 'bench-portal@example.test')
    const adminCookie = await signUp(server.url, mailbox, 'bench-portal-admin@example.test')
    const gql = async <T>(query: string, as: string, variables?: Record<string, unknown>): Promise<T> => {
      const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: as, origin: server.url }, body: JSON.stringify({ query, variables }) })
      const body = (await res.json()) as { data?: T; errors?: unknown[] }
      if (body.errors) throw new Error(JSON.stringify(body.errors))
      return body.data!
    }
    // The consultancy files the client's jobs (a client may request only a few an hour).
    const { me } = await gql<{ me: { userId: string } }>('{ me { userId } }', cookie)
    const jobIds: string[] = []
    for (let i = 0; i < 25; i++) {
      const { createJobRequests } = await gql<{ createJobRequests: { id: string } }>(
        `mutation { createJobRequests(input: { user: "${me.userId}", job: "Job ${i}", reference: "R-${i}", priority: "${(i % 5) + 1}", files: "[]" }) { id } }`,
        adminCookie,
      )
      jobIds.push(createJobRequests.id)
    }
    const jobId = jobIds[0]!
    for (let i = 0; i < 20; i++) {
      await gql('mutation($id: ID!, $body: String!) { postJobMessage(jobId: $id, body: $body) { id } }', i % 2 ? cookie : adminCookie, { id: jobId, body: `Message ${i} about the mesh and the loads.` })
    }

    console.log(`\nsigned-in portal pages: wrk, 50 connections, ${seconds} s each, one server process, 127.0.0.1 (wrk, the server and its database share the cores)`)
    const targets = [
      ['GET /profile, signed out (document)', `${server.url}/profile`, {}],
      ['GET /profile, signed in (document)', `${server.url}/profile`, { cookie }],
      ['GET /profile/view, signed in (its data)', `${server.url}/profile/view`, { cookie }],
      ['GET /profile/jobs/:id, signed in (document)', `${server.url}/profile/jobs/${jobId}`, { cookie }],
      ['GET /profile/jobs/:id/view, signed in (its data)', `${server.url}/profile/jobs/${jobId}/view`, { cookie }],
    ] as const
    const only = process.env.BENCH_ONLY
    const quiet: Record<string, number> = {}
    // BENCH_ONLY runs just the targets whose label holds it, e.g. BENCH_ONLY=/view for the data requests.
    const selected = only ? targets.filter(([label]) => label.includes(only)) : targets
    for (const [label, url, headers] of selected) quiet[label] = await quietMs(url, headers)
    for (const [label, url, headers] of selected) {
      await runWrk(url, { seconds: 2, headers })
      const pids = { server: [server.pid], database: postgresPids(server.dataDir).all }
      const before = { server: cpuMs(pids.server), database: cpuMs(pids.database) }
      const r = await runWrk(url, { seconds, headers })
      const perRequest = (ms: number) => (r.total ? ms / r.total : 0).toFixed(2)
      const cpu = `CPU per request: server ${perRequest(cpuMs(pids.server) - before.server)} ms, database ${perRequest(cpuMs(pids.database) - before.database)} ms`
      const signedIn = 'cookie' in headers
      const note = `one at a time ${quiet[label]!.toFixed(1)} ms${signedIn ? `; ${goal(r.requestsPerSecond >= 1000 && r.p99Ms < 100 && quiet[label]! < 5, '>= 1,000 req/s, p99 < 100 ms, < 5 ms alone')}` : ''}`
      console.log(row(label, r, note))
      console.log(`${''.padEnd(52)} ${cpu}`)
    }
  } finally {
    await server.stop()
    await mailbox.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
