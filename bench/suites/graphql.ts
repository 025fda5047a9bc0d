// An authenticated GraphQL job-request list under 50 local connections: requests per second, p50/p99
// (goal p99 < 50 ms). BENCH_SECONDS sets the duration (default 10).
import { createRequire } from 'node:module'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startSmtpReceiver } from '../../tests/setup/smtp-receiver'
import { signUp } from '../support/portal-account'
import { rssMiB, startBenchServer } from '../support/server-process'

interface Result {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number }
  non2xx: number
  errors: number
}
type Autocannon = (o: { url: string; connections: number; duration: number; method: string; headers: Record<string, string>; body: string }) => Promise<Result>
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

const LIST = JSON.stringify({ query: '{ listJobRequests { id user job reference status priority files membership createdAt } }' })

export default async function graphqlBench() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-graphql-'))
  const mailbox = await startSmtpReceiver()
  const server = await startBenchServer(dataDir, { SMTP_URL: mailbox.url })
  try {
    const cookie = await signUp(server.url, mailbox, 'bench-graphql@example.test')
    // The site's own pages send their Origin with the cookie.
    const gql = async (query: string, headers: Record<string, string> = { cookie, origin: server.url }) => {
      const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query }) })
      const body = (await res.json()) as { data?: Record<string, unknown>; errors?: unknown[] }
      if (body.errors) throw new Error(JSON.stringify(body.errors))
      return body.data!
    }
    for (let i = 0; i < 25; i++) await gql(`mutation { createJobRequests(input: { job: "Job ${i}", reference: "R-${i}", priority: "${(i % 5) + 1}", files: "[]" }) { id } }`)
    const { createApiToken } = (await gql('mutation { createApiToken(name: "bench") { token } }')) as { createApiToken: { token: string } }

    console.log(`autocannon, 50 connections, ${seconds} s each, list of 25 job requests, 127.0.0.1 (load generator shares the CPUs)`)
    for (const [label, headers] of [
      ['session cookie', { cookie, origin: server.url }],
      ['API token (Bearer)', { authorization: `Bearer ${createApiToken.token}` }],
    ] as const) {
      await autocannon({ url: `${server.url}/graphql`, connections: 10, duration: 1, method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: LIST })
      const r = await autocannon({ url: `${server.url}/graphql`, connections: 50, duration: seconds, method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: LIST })
      const failed = r.non2xx + r.errors
      console.log(
        `POST /graphql listJobRequests, ${label.padEnd(18)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${r.latency.p50.toFixed(1).padStart(5)} ms   p99 ${r.latency.p99.toFixed(1).padStart(6)} ms   (${r.requests.total} requests${failed ? `, ${failed} failed` : ''}; goal p99 < 50 ms)`,
      )
    }
    console.log(`server resident memory after the load         ${rssMiB(server.pid)?.toFixed(1) ?? 'n/a'} MiB`)
  } finally {
    await server.stop()
    await mailbox.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
