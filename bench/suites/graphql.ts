// The dynamic paths under 50 connections from wrk: a signed-out server-rendered page (/profile; goal
// >= 1,000 req/s, p99 < 100 ms), the GraphQL job-request list of a signed-in client with a session
// cookie (goal >= 2,000 req/s, p99 < 50 ms) and with an API token (no slower), and a trivial query on
// the same server as the ceiling; with one server process and with two (WEB_CONCURRENCY=2).
// BENCH_SECONDS sets each run's length (default 10).
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startSmtpReceiver } from '../../tests/setup/smtp-receiver'
import { goal } from '../support/goal'
import { signUp } from '../support/portal-account'
import { rssMiB, startBenchServer } from '../support/server-process'
import { runWrk } from '../support/wrk'

const LIST = JSON.stringify({ query: '{ listJobRequests { id user job reference status priority files membership createdAt } }' })
const TRIVIAL = JSON.stringify({ query: '{ __typename }' })

const row = (label: string, r: { requestsPerSecond: number; p50Ms: number; p99Ms: number; total: number; failed: number }, note = '') =>
  `${label.padEnd(44)} ${r.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${r.p50Ms.toFixed(1).padStart(5)} ms   p99 ${r.p99Ms.toFixed(1).padStart(6)} ms   (${r.total} requests${r.failed ? `, ${r.failed} failed` : ''})${note ? `  ${note}` : ''}`

export default async function graphqlBench() {
  for (const processes of [1, 2]) await dynamicPaths(processes)
}

async function dynamicPaths(processes: number) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-graphql-'))
  const mailbox = await startSmtpReceiver()
  const server = await startBenchServer(dataDir, { SMTP_URL: mailbox.url, WEB_CONCURRENCY: String(processes), ADMIN_EMAILS: 'bench-admin@example.test' })
  try {
    const cookie = await signUp(server.url, mailbox, 'bench-graphql@example.test')
    const adminCookie = await signUp(server.url, mailbox, 'bench-admin@example.test')
    // The site's own pages send their Origin with the cookie.
    const gql = async (query: string, headers: Record<string, string> = { cookie, origin: server.url }) => {
      const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query }) })
      const body = (await res.json()) as { data?: Record<string, unknown>; errors?: unknown[] }
      if (body.errors) throw new Error(JSON.stringify(body.errors))
      return body.data!
    }
    // A client may request only a few jobs an hour; the consultancy files the list's 25 for it.
    const { me } = (await gql('{ me { userId } }')) as { me: { userId: string } }
    for (let i = 0; i < 25; i++) {
      await gql(`mutation { createJobRequests(input: { user: "${me.userId}", job: "Job ${i}", reference: "R-${i}", priority: "${(i % 5) + 1}", files: "[]" }) { id } }`, { cookie: adminCookie, origin: server.url })
    }
    const { createApiToken } = (await gql('mutation { createApiToken(name: "bench") { token } }')) as { createApiToken: { token: string } }

    console.log(`\n${processes} server process${processes > 1 ? 'es' : ''}: wrk, 50 connections, ${seconds} s each, list of 25 job requests, 127.0.0.1 (wrk, the server and its database share the cores)`)
    const post = { method: 'POST', seconds }
    await runWrk(`${server.url}/profile`, { seconds: 2 })
    const page = await runWrk(`${server.url}/profile`, { seconds })
    console.log(row('GET /profile, signed out (rendered per request)', page, goal(page.requestsPerSecond >= 1000 && page.p99Ms < 100, '>= 1,000 req/s, p99 < 100 ms')))

    const json = { 'content-type': 'application/json' }
    await runWrk(`${server.url}/graphql`, { ...post, seconds: 2, headers: json, body: TRIVIAL })
    const ceiling = await runWrk(`${server.url}/graphql`, { ...post, headers: json, body: TRIVIAL })
    console.log(row('POST /graphql { __typename } (the ceiling)', ceiling))
    const results: Record<string, number> = {}
    for (const [label, headers] of [
      ['session cookie', { cookie, origin: server.url }],
      ['API token (Bearer)', { authorization: `Bearer ${createApiToken.token}` }],
    ] as const) {
      await runWrk(`${server.url}/graphql`, { ...post, seconds: 2, headers: { ...json, ...headers }, body: LIST })
      const r = await runWrk(`${server.url}/graphql`, { ...post, headers: { ...json, ...headers }, body: LIST })
      results[label] = r.requestsPerSecond
      const note =
        label === 'session cookie'
          ? goal(r.requestsPerSecond >= 2000 && r.p99Ms < 50, '>= 2,000 req/s, p99 < 50 ms')
          : goal(r.requestsPerSecond >= 0.95 * results['session cookie']!, 'no slower than the session cookie')
      console.log(row(`POST /graphql listJobRequests, ${label}`, r, `${((r.requestsPerSecond / ceiling.requestsPerSecond) * 100).toFixed(0)} % of the ceiling; ${note}`))
    }
    if (processes === 1) console.log(`server resident memory after the load              ${rssMiB(server.pid)?.toFixed(1) ?? 'n/a'} MiB`)
  } finally {
    await server.stop()
    await mailbox.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
