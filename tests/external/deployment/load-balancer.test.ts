import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chatMessages, INTERRUPTED_ERROR_TYPE } from '../../../lib/chat-schema'
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../integration/chat/support/fake-openai-server'
import { readStream, wsClient } from '../../integration/chat/support/graphql-clients'
import { STRONG_PASSWORD } from '../../integration/portal/support/accounts'
import { HttpClient } from '../../integration/portal/support/http-client'
import { checkHaproxyConfig, deployingGuideHaproxyConfig, haproxyConfigFor } from '../../setup/haproxy'
import { startCluster, type Cluster } from './cluster'

const SEND = 'mutation ($input: SendChatMessageInput!) { sendChatMessage(input: $input) { id } }'
// The assistant is a model here (a local stand-in), so an answer can be made to last: forty words.
const ANSWER = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ')

/** Signs up and verifies with the mailed code on one instance, as a browser on the public address would. */
async function signUpOn(cluster: Cluster, baseUrl: string, email: string): Promise<HttpClient> {
  const client = new HttpClient(baseUrl, { origin: cluster.lb.url })
  const after = cluster.smtp.mails.length
  expect((await client.json('/api/auth/sign-up/email', { email, password: STRONG_PASSWORD, name: 'both' })).status).toBe(200)
  const otp = await cluster.smtp.waitForCode(email, { after })
  expect((await client.json('/api/auth/email-otp/verify-email', { email, otp, password: STRONG_PASSWORD })).status).toBe(200)
  return client
}

/**
 * A visitor's address of its own, as the proxy reports it: the shared Redis keeps its counters between
 * runs, so each run's visitors are new ones (documentation range 2001:db8::/32).
 */
const visitorAddress = () => `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`

const whoIs = async (client: HttpClient) => ((await (await client.fetch('/api/session')).json()) as { user: { email: string } | null }).user?.email ?? null

// Two instances behind HAProxy, round robin without stickiness, on the system PostgreSQL and Redis and
// an S3-compatible bucket: what a self-hoster runs when one instance is not enough.
describe('two instances behind a load balancer', { timeout: 300_000 }, () => {
  let cluster: Cluster
  let model: FakeOpenAiServer
  beforeAll(async () => {
    model = await startFakeOpenAiServer({ mode: 'ok', answer: ANSWER, wordsPerChunk: 1 })
    cluster = await startCluster({ LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: model.baseUrl, LLM_MODEL: 'fake-model', LLM_API_KEY: 'k' })
  })
  afterAll(async () => {
    await cluster?.close()
    await model?.close()
  })

  /** GraphQL as the site's pages send it: the public origin, wherever the request lands. */
  const gqlAs = async <T>(cookie: string, baseUrl: string, query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: cluster.lb.url, cookie },
      body: JSON.stringify({ query, variables }),
    })
    return (await res.json()) as { data?: T; errors?: unknown[] }
  }

  it("runs the deploying guide's HAProxy configuration, which HAProxy accepts without a warning", () => {
    const guide = deployingGuideHaproxyConfig()
    for (const line of ['option forwardfor', 'option redispatch', 'timeout connect', 'timeout client', 'timeout server', 'timeout tunnel', 'uri /readyz']) expect(guide).toContain(line)
    const running = haproxyConfigFor(
      cluster.instances.map((i) => ({ name: i.name, port: i.port })),
      cluster.lb.port,
    )
    expect(checkHaproxyConfig(running)).toEqual([])
  })

  it('balances requests across both instances, each reporting ready', async () => {
    for (const instance of cluster.instances) expect((await fetch(`${instance.url}/readyz`)).status).toBe(200)
    const health = (await (await fetch(`${cluster.lb.url}/healthz`)).json()) as { status: string; database: { kind: string }; realtime: { kind: string } }
    expect(health).toMatchObject({ status: 'ok', database: { kind: 'external' }, realtime: { kind: 'redis' } })
  })

  it('a session made on one instance is honoured by the other', async () => {
    const [one, two] = cluster.instances
    // Signed up and verified on the first instance (the browser's Origin is the public address).
    const client = await signUpOn(cluster, one!.url, `both-${Date.now()}@example.test`)
    const onTwo = new HttpClient(two!.url, { origin: cluster.lb.url })
    for (const [k, v] of client.cookies) onTwo.cookies.set(k, v)
    expect(await whoIs(onTwo)).toMatch(/^both-/)
    // Through the balancer every request lands on either instance: all of them know the session.
    const viaLb = new HttpClient(cluster.lb.url)
    for (const [k, v] of client.cookies) viaLb.cookies.set(k, v)
    for (let i = 0; i < 6; i++) expect(await whoIs(viaLb)).toMatch(/^both-/)
  })

  it('a chat answer produced on either instance streams to a subscriber connected through the balancer', async () => {
    const client = await signUpOn(cluster, cluster.lb.url, `chat-${Date.now()}@example.test`)
    // GraphQL as the site's pages send it: the public origin, wherever the request lands.
    const gql = async <T>(baseUrl: string, query: string, variables: Record<string, unknown> = {}) => {
      const res = await fetch(`${baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: cluster.lb.url, cookie: client.cookieHeader },
        body: JSON.stringify({ query, variables }),
      })
      return (await res.json()) as { data?: T; errors?: unknown[] }
    }
    const created = await gql<{ createOrGetChatConversation: { id: string; lastStreamSeq: number } }>(cluster.lb.url, 'mutation { createOrGetChatConversation { id lastStreamSeq } }')
    const { id, lastStreamSeq } = created.data!.createOrGetChatConversation
    // The WebSocket goes through HAProxy to one instance; each answer is produced by the instance that
    // took its message, so at least one of the two comes from the other instance.
    const ws = wsClient(cluster.lb.url, client.cookieHeader, { origin: cluster.lb.url })
    try {
      const stream = readStream(ws, id, lastStreamSeq)
      await stream.waitFor((p) => p.id === 'start_ack')
      for (const [n, instance] of cluster.instances.entries()) {
        const sent = await gql<{ sendChatMessage: { id: string } }>(instance.url, 'mutation ($input: SendChatMessageInput!) { sendChatMessage(input: $input) { id } }', {
          input: { conversationId: id, content: [{ text: n === 0 ? 'What does CFD analysis cost?' : 'Which FEA software do you use?' }] },
        })
        expect(sent.errors).toBeUndefined()
        const done = await stream.waitFor((p) => !!p.stopReason && p.associatedUserMessageId === sent.data!.sendChatMessage.id, 30_000)
        const parts = done.filter((p) => p.associatedUserMessageId === sent.data!.sendChatMessage.id)
        expect(parts.map((p) => p.contentBlockText ?? '').join('').length).toBeGreaterThan(20)
      }
    } finally {
      await ws.dispose()
    }
  })

  it('shares rate limits: the contact form limit holds across instances', async () => {
    const visitor = visitorAddress()
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) {
      const res = await fetch(`${cluster.lb.url}/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: cluster.lb.url, 'x-forwarded-for': visitor },
        body: new URLSearchParams({ name: 'Shared Limit', email: `limit${i}@example.com`, message: 'Counting across instances.' }),
      })
      statuses.push(res.status)
    }
    // Five per address in fifteen minutes, wherever each request landed.
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
    expect(statuses.slice(5)).toEqual([429, 429])
  })

  it('a deploy drops nothing: each instance in turn is stopped (SIGTERM) and started again under steady traffic', async () => {
    const failures: string[] = []
    let ok = 0
    let running = true
    const worker = async () => {
      while (running) {
        try {
          // Node's fetch keeps its connections to the balancer alive between requests, as a browser does.
          const res = await fetch(`${cluster.lb.url}/api/session`)
          await res.arrayBuffer()
          if (res.status === 200) ok++
          else failures.push(`status ${res.status}`)
        } catch (error) {
          failures.push(String((error as Error).cause ?? error))
        }
      }
    }
    const workers = Array.from({ length: 8 }, worker)
    try {
      for (const instance of cluster.instances) {
        await new Promise((r) => setTimeout(r, 500))
        expect(await instance.server.stop()).toBe(0)
        await cluster.restart(instance)
        // Back in rotation before the next one goes: ready, then two checks a second apart (rise 2).
        await expect.poll(async () => (await fetch(`${instance.url}/readyz`)).status).toBe(200)
        await new Promise((r) => setTimeout(r, 3000))
      }
    } finally {
      running = false
      await Promise.all(workers)
    }
    expect(failures).toEqual([])
    expect(ok).toBeGreaterThan(100)
  })

  it('the instance producing a chat answer is killed: the other ends the answer as interrupted, and the question asked again is answered', async () => {
    const client = await signUpOn(cluster, cluster.lb.url, `interrupted-${Date.now()}@example.test`)
    const cookie = client.cookieHeader
    const { id, lastStreamSeq } = (await gqlAs<{ createOrGetChatConversation: { id: string; lastStreamSeq: number } }>(cookie, cluster.lb.url, 'mutation { createOrGetChatConversation { id lastStreamSeq } }')).data!
      .createOrGetChatConversation
    const [producer, survivor] = cluster.instances
    // Listening on one instance; the question sent to the other, which produces the answer slowly.
    const ws = wsClient(survivor!.url, cookie, { origin: cluster.lb.url })
    model.configure({ chunkDelayMs: 250 })
    let killed = false
    try {
      const stream = readStream(ws, id, lastStreamSeq)
      await stream.waitFor((p) => p.id === 'start_ack')
      const sent = await gqlAs<{ sendChatMessage: { id: string } }>(cookie, producer!.url, SEND, { input: { conversationId: id, content: [{ text: 'Tell me about your CFD work.' }] } })
      const question = sent.data!.sendChatMessage.id
      await stream.waitFor((p) => p.associatedUserMessageId === question && p.contentBlockDeltaIndex === 2)
      await producer!.server.kill('SIGKILL')
      killed = true

      const parts = (await stream.waitFor((p) => p.associatedUserMessageId === question && !!(p.errors || p.stopReason), 30_000)).filter((p) => p.associatedUserMessageId === question)
      expect(parts.at(-1)!.errors).toEqual([{ message: chatMessages.interrupted, errorType: INTERRUPTED_ERROR_TYPE }])
      expect(parts.map((p) => p.contentBlockText ?? '').join('')).toMatch(/^word0 word1 word2/)
      // Ended by the survivor (its log line may follow the part it published).
      await expect.poll(() => survivor!.server.logs.join('\n')).toContain('ended an answer whose producer stopped renewing its lease')

      // Asked again through the balancer, which no longer sends anything to the dead instance.
      model.configure({ chunkDelayMs: 0 })
      const again = await gqlAs<{ sendChatMessage: { id: string } }>(cookie, cluster.lb.url, SEND, { input: { conversationId: id, content: [{ text: 'Tell me about your CFD work.' }] } })
      expect(again.errors).toBeUndefined()
      const answer = (await stream.waitFor((p) => p.associatedUserMessageId === again.data!.sendChatMessage.id && !!p.stopReason, 30_000)).filter(
        (p) => p.associatedUserMessageId === again.data!.sendChatMessage.id,
      )
      expect(answer.map((p) => p.contentBlockText ?? '').join('')).toBe(ANSWER)
    } finally {
      model.configure({ chunkDelayMs: 0 })
      await ws.dispose()
      if (killed) await cluster.restart(producer!)
    }
  })

  it('mail and notifications sent while their receivers are down are delivered exactly once when they return', async () => {
    await cluster.stopReceivers()
    const stamp = Date.now()
    const emails = [0, 1, 2].map((i) => `later-${stamp}-${i}@example.test`)
    try {
      for (const email of emails) {
        const res = await new HttpClient(cluster.lb.url).json('/api/auth/sign-up/email', { email, password: 'Str0ng!Passw0rd', name: 'later' })
        expect(res.status).toBe(200)
      }
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${cluster.lb.url}/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: cluster.lb.url, 'x-forwarded-for': visitorAddress() },
          body: new URLSearchParams({ name: 'Outage Test', email: `outage${i}@example.com`, message: `Message number ${stamp}-${i}` }),
        })
        expect(res.status).toBe(200)
      }
      // Both instances try, fail and back off while the receivers are away.
      await new Promise((r) => setTimeout(r, 3000))
    } finally {
      await cluster.startReceivers()
    }
    await expect.poll(() => emails.map((e) => cluster.smtp.mails.filter((m) => m.to.includes(e)).length), { timeout: 60_000, interval: 250 }).toEqual([1, 1, 1])
    const contactNotices = () =>
      cluster.webhook.accepted.filter((m) => JSON.stringify(m).includes(`Message number ${stamp}-`)).map((m) => JSON.stringify(m).match(new RegExp(`${stamp}-(\\d)`))![1]).sort()
    await expect.poll(contactNotices, { timeout: 60_000, interval: 250 }).toEqual(['0', '1', '2'])
    // Nothing more arrives later (no second delivery from the other instance).
    await new Promise((r) => setTimeout(r, 2000))
    expect(contactNotices()).toEqual(['0', '1', '2'])
    expect(emails.map((e) => cluster.smtp.mails.filter((m) => m.to.includes(e)).length)).toEqual([1, 1, 1])
  })
})
