import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { HttpClient } from '../../integration/portal/support/http-client'
import { PDF_BYTES, tusUpload } from '../../integration/portal/support/tus-upload'
import { useDashboardEnv } from './dashboard-env'
import type { SeededUser } from './seed'

type Side = 'client' | 'consultancy'
/** What the pages offer for a job as a whole: delete it (job page, dashboard list), withdraw or cancel it, archive it, bring it back. */
type Offer = 'delete' | 'list delete' | 'cancel' | 'archive' | 'unarchive'
const offers: Offer[] = ['delete', 'list delete', 'cancel', 'archive', 'unarchive']

/**
 * Every stage a job can be in (and a cancellation before and after acceptance, and the archive), as
 * the steps that bring a fresh job there: a release issues a deliverable uploaded first, and the
 * consultancy completes a released job by closing it with a note.
 */
const situations = {
  pending: [],
  quoted: ['quote'],
  accepted: ['quote', 'accept'],
  'in progress': ['quote', 'accept', 'in_progress'],
  'in review': ['quote', 'accept', 'in_progress', 'in_review'],
  released: ['quote', 'accept', 'in_progress', 'deliver', 'released'],
  completed: ['quote', 'accept', 'in_progress', 'deliver', 'released', 'close'],
  declined: ['quote', 'decline'],
  'withdrawn by the client': ['withdraw'],
  'cancelled after acceptance': ['quote', 'accept', 'cancel'],
  archived: ['quote', 'accept', 'in_progress', 'deliver', 'released', 'close', 'archive'],
} as const
type Situation = keyof typeof situations

/** What the pages offer each side, by situation (none where not named): the rule, written out. */
const expectedOffers: Record<Side, Partial<Record<Situation, Offer[]>>> = {
  client: {
    pending: ['delete', 'list delete', 'cancel'],
    quoted: ['cancel'],
    declined: ['delete', 'list delete'],
    'withdrawn by the client': ['delete', 'list delete'],
  },
  consultancy: {
    pending: ['delete', 'list delete', 'cancel'],
    quoted: ['cancel'],
    accepted: ['cancel'],
    'in progress': ['cancel'],
    'in review': ['cancel'],
    completed: ['archive'],
    declined: ['delete', 'list delete', 'cancel', 'archive'],
    'withdrawn by the client': ['delete', 'list delete', 'archive'],
    'cancelled after acceptance': ['archive'],
    archived: ['unarchive'],
  },
}

/**
 * What each side is offered on the job page and in the dashboard's list, stage by stage, compared
 * with what the server does when asked the same thing, on a fresh job in the same stage each time:
 * the page offers exactly what the server accepts. The expected table says the rule: a job is deleted
 * (by either side) or withdrawn (by its client) only before its quote is accepted; the consultancy
 * archives it once nothing is left to do, and brings it back.
 */
describe('the job page and the list offer exactly what the server accepts, at every stage', () => {
  const env = useDashboardEnv('job-record-actions', ['admin'])
  let admin: SeededUser
  /** The client whose jobs each side's walk looks at: one each, as a client may decline only a few quotes an hour. */
  let owners: Record<Side, SeededUser>
  let api: Record<Side, HttpClient>
  let ownerApi: Record<Side, HttpClient>

  const gql = async <T>(c: HttpClient, query: string, variables: Record<string, unknown> = {}) => {
    const r = await c.gql<T>(query, variables)
    if (r.errors?.length) throw new Error(`${query}: ${JSON.stringify(r.errors)}`)
    return r.data as T
  }
  const move = (c: HttpClient, id: string, to: string, note?: string) => gql(c, 'mutation($id: ID!, $to: String!, $n: String) { moveJobStage(jobId: $id, to: $to, note: $n) { id } }', { id, to, n: note })
  let made = 0
  /** A fresh job of the client in the situation, named so the list can tell it apart. */
  async function jobIn(situation: Situation, side: Side): Promise<{ id: string; name: string }> {
    const name = `Walk ${situation} ${++made}`
    const owner = ownerApi[side]
    // Filed by the consultancy for the client: a client may request only a few jobs an hour.
    const { id } = (await gql<{ createJobRequests: { id: string } }>(api.consultancy, 'mutation($u: ID, $j: String) { createJobRequests(input: { user: $u, job: $j }) { id } }', { u: owners[side].id, j: name })).createJobRequests
    for (const step of situations[situation]) {
      if (step === 'quote') await gql(api.consultancy, 'mutation($id: ID!) { sendQuote(jobId: $id, input: { validUntil: "2999-01-01", lines: [{ kind: "service", service: "cad", hours: 2 }] }) { id } }', { id })
      else if (step === 'accept') await gql(owner, 'mutation($id: ID!) { acceptQuote(jobId: $id) { id } }', { id })
      else if (step === 'decline') await gql(owner, 'mutation($id: ID!) { declineQuote(jobId: $id, reason: "Not now") { id } }', { id })
      else if (step === 'withdraw') await move(owner, id, 'cancelled')
      else if (step === 'cancel') await move(api.consultancy, id, 'cancelled')
      else if (step === 'archive') await gql(api.consultancy, 'mutation($id: ID!) { archiveJob(jobId: $id) { id } }', { id })
      else if (step === 'deliver') {
        const upload = await tusUpload(api.consultancy, PDF_BYTES, { filename: 'report.pdf', kind: 'job-deliverables', jobRequestId: id })
        if (upload.status !== 204) throw new Error(`deliverable upload: ${upload.status} ${upload.body}`)
      } else if (step === 'close') await move(api.consultancy, id, 'completed', 'Accepted by the client on the phone')
      else await move(api.consultancy, id, step)
    }
    return { id, name }
  }

  /** What the server answers the same post the page makes: accepted (true) or refused (false). */
  async function serverAccepts(side: Side, offer: Offer, id: string): Promise<boolean> {
    const post = (path: string, fields: Record<string, string>) => api[side].fetch(path, { method: 'POST', body: new URLSearchParams(fields) })
    const res =
      offer === 'list delete'
        ? await post('/profile', { intent: 'delete-job-request', id })
        : await post(`/profile/jobs/${id}`, offer === 'delete' ? { intent: 'delete-job' } : offer === 'cancel' ? { intent: 'move-stage', to: 'cancelled' } : { intent: `${offer}-job` })
    if (res.status === 200 || (offer === 'delete' && res.status === 302)) return true
    if (res.status === 403 || res.status === 409) return false
    throw new Error(`${side} ${offer} on ${id}: unexpected ${res.status} ${await res.text()}`)
  }

  /** What the job page offers the side. */
  async function pageOffers(page: Page): Promise<Offer[]> {
    const has = async (name: string) => (await page.getByRole('button', { name, exact: true }).count()) > 0
    const found: Offer[] = []
    if (await has('Delete this job request')) found.push('delete')
    if (await has('Cancel job')) found.push('cancel')
    if (await has('Archive job')) found.push('archive')
    if (await has('Bring back from the archive')) found.push('unarchive')
    return found
  }

  beforeAll(async () => {
    const [seededAdmin, clientsOwn, consultancysClient] = await Promise.all([env.user('admin'), env.user('client'), env.user('walked-client')])
    admin = seededAdmin
    owners = { client: clientsOwn, consultancy: consultancysClient }
    api = { client: env.http(clientsOwn), consultancy: env.http(admin) }
    ownerApi = { client: api.client, consultancy: env.http(consultancysClient) }
  })

  it.each(['client', 'consultancy'] as const)('the %s', async (side) => {
    const expected = expectedOffers[side]
    const user = side === 'client' ? owners.client : admin
    const shown = new Map<Situation, { id: string; name: string }>()
    for (const situation of Object.keys(situations) as Situation[]) shown.set(situation, await jobIn(situation, side))

    const offered = {} as Record<Situation, Offer[]>
    for (const [situation, job] of shown) {
      const { page, context } = await env.openHydrated(user, `/profile/jobs/${job.id}`)
      offered[situation] = await pageOffers(page)
      await context.close()
    }
    // The dashboard's list (the consultancy's on this client), archived jobs included.
    const { page } = await env.openHydrated(user, side === 'client' ? '/profile' : `/profile?client=${owners.consultancy.id}`)
    await page.getByRole('link', { name: shown.get('pending')!.name, exact: true }).waitFor()
    for (const [situation, job] of shown) {
      const row = page.getByRole('row', { includeHidden: true }).filter({ has: page.getByRole('link', { name: job.name, exact: true, includeHidden: true }) })
      if ((await row.getByRole('button', { name: /^Delete/, includeHidden: true }).count()) > 0) offered[situation].push('list delete')
      offered[situation].sort((a, b) => offers.indexOf(a) - offers.indexOf(b))
    }
    const nothing = Object.fromEntries(Object.keys(situations).map((s) => [s, []]))
    expect(offered, `offered: ${JSON.stringify(offered)}`).toEqual({ ...nothing, ...expected })

    // The server, asked each thing on a fresh job in each stage, accepts exactly what was offered.
    const accepted = {} as Record<Situation, Offer[]>
    for (const situation of Object.keys(situations) as Situation[]) {
      accepted[situation] = []
      for (const offer of offers) if (await serverAccepts(side, offer, (await jobIn(situation, side)).id)) accepted[situation].push(offer)
    }
    expect(accepted, `accepted: ${JSON.stringify(accepted)}`).toEqual(offered)
  })
})
