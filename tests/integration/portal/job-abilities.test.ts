import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { jobStages, type JobStage } from '../../../lib/job-stages'
import type { JobAbilities } from '../../../lib/job-abilities'
import { deliverableRevisions, jobRequests } from '../../../server/db/schema'
import { signUpAndVerify, userIdOf } from './support/accounts'
import { HttpClient } from './support/http-client'
import { portalServerForSuite } from './support/portal-server'
import { PDF_BYTES, tusUpload } from './support/tus-upload'
import { companyIdOf } from '../../setup/company-of'

/**
 * What the job's page is told the viewer may do (its `can`, from lib/job-abilities.ts) is what the
 * server then lets that viewer do, for every state a job can be in and every viewer: the owner, another
 * client and the consultancy. Each operation is tried on a fresh job in that state, and the server's
 * answer must be "done" exactly where the page would offer it.
 */

type State = JobStage | 'archived'
const states: State[] = [...jobStages, 'archived']
type Viewer = 'owner' | 'other' | 'admin'
const viewers: Viewer[] = ['owner', 'other', 'admin']
type Can = JobAbilities

const abilitiesQuery = `query($id: ID!) { job(id: $id) { can { view move quote decide deliver removeDeliverables readDeliverables signOff message addFiles delete archive unarchive } } }`

describe('the abilities a job page shows are the ones the server grants', () => {
  const portal = portalServerForSuite({ ADMIN_EMAILS: 'abilities-admin@example.test' })
  let clients: Record<Viewer, HttpClient>
  let ownerId: string

  beforeAll(async () => {
    const [owner, other, admin] = await Promise.all([
      signUpAndVerify(portal, 'abilities-owner@example.test'),
      signUpAndVerify(portal, 'abilities-other@example.test'),
      signUpAndVerify(portal, 'abilities-admin@example.test'),
    ])
    clients = { owner, other, admin }
    ownerId = await userIdOf(owner)
  })

  const gql = async (c: HttpClient, query: string, variables: Record<string, unknown>) => {
    const r = await c.gql<Record<string, unknown>>(query, variables)
    return { ok: !r.errors?.length, data: r.data }
  }

  /**
   * A probe job: its id, one deliverable, one the consultancy may take back (the same while nothing was
   * released), and the revision its release issued once released.
   */
  interface Probe {
    id: string
    deliverable: string
    draft: string
    revision: string | null
  }

  /**
   * A job of the owner in `state`, with one deliverable (added while the consultancy still may) and
   * a quote waiting where the job is quoted. The rest of a state is set in the database: a job reaches
   * it the same way whatever path it took. A job released, completed or archived was released by the
   * consultancy (its deliverable issued to the client: the revision a decision is about), and holds a
   * second deliverable not issued, the one the consultancy may still take back.
   */
  async function jobIn(state: State): Promise<Probe> {
    const { db } = portal.server.ctx
    const [row] = await db.insert(jobRequests).values({ user: ownerId, companyId: await companyIdOf(db, ownerId), job: `In ${state}`, status: 'pending', priority: '3', files: '[]', membership: 'true' }).returning()
    const id = row!.id
    const deliver = async (filename: string) => {
      const upload = await tusUpload(clients.admin, PDF_BYTES, { filename, kind: 'job-deliverables', jobRequestId: id })
      if (!upload.path) throw new Error(`seed upload failed: ${upload.status} ${upload.body}`)
      return upload.path
    }
    const deliverable = await deliver('result.pdf')
    const setState = (status: JobStage, archived = false) =>
      db
        .update(jobRequests)
        .set({ status, acceptedAt: status === 'pending' || status === 'quoted' || status === 'declined' || status === 'cancelled' ? null : new Date().toISOString(), archivedAt: archived ? new Date().toISOString() : null })
        .where(eq(jobRequests.id, id))
    if (state === 'quoted') {
      const quoted = await gql(clients.admin, 'mutation($id: ID!) { sendQuote(jobId: $id, input: { validUntil: "2999-01-01", lines: [{ kind: "service", service: "fea", hours: 2 }] }) { id } }', { id })
      if (!quoted.ok) throw new Error('seed quote failed')
    } else if (state === 'released' || state === 'completed' || state === 'archived') {
      await setState('in_progress')
      const released = await gql(clients.admin, 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "released") { id } }', { id })
      if (!released.ok) throw new Error('seed release failed')
      await setState('in_progress')
      const draft = await deliver('next-revision.pdf')
      await setState(state === 'released' ? 'released' : 'completed', state === 'archived')
      const [issued] = await db.select({ id: deliverableRevisions.id }).from(deliverableRevisions).where(eq(deliverableRevisions.path, deliverable))
      return { id, deliverable, draft, revision: issued!.id }
    } else if (state !== 'pending') {
      await setState(state)
    }
    return { id, deliverable, draft: deliverable, revision: null }
  }

  /** Each operation of the job's page and API, tried on a job: whether the server did it. */
  const operations: Record<Exclude<keyof Can, 'move'>, (c: HttpClient, job: Probe) => Promise<boolean>> = {
    view: async (c, { id }) => (await gql(c, 'query($id: ID!) { job(id: $id) { job { id } } }', { id })).ok,
    quote: async (c, { id }) => (await gql(c, 'mutation($id: ID!) { sendQuote(jobId: $id, input: { validUntil: "2999-01-01", lines: [{ kind: "service", service: "cad", hours: 1 }] }) { id } }', { id })).ok,
    decide: async (c, { id }) => (await gql(c, 'mutation($id: ID!) { acceptQuote(jobId: $id) { id } }', { id })).ok,
    deliver: async (c, { id }) => (await tusUpload(c, PDF_BYTES, { filename: 'more.pdf', kind: 'job-deliverables', jobRequestId: id })).status === 204,
    removeDeliverables: async (c, { id, draft }) => (await c.fetch(`/profile/jobs/${id}`, { method: 'POST', body: new URLSearchParams({ intent: 'remove-deliverable', path: draft }) })).status === 200,
    readDeliverables: async (c, { deliverable }) => (await c.fetch(`/files/${deliverable}`)).status === 200,
    // Where nothing was issued there is no revision to decide on: a made-up one stands for it.
    signOff: async (c, { id, revision }) =>
      (await gql(c, 'mutation($id: ID!, $r: ID!) { decideRevision(jobId: $id, revisionId: $r, decision: "accepted") { acceptedCode } }', { id, r: revision ?? randomUUID() })).ok,
    message: async (c, { id }) => (await gql(c, 'mutation($id: ID!) { postJobMessage(jobId: $id, body: "A question") { id } }', { id })).ok,
    addFiles: async (c, { id }) => (await tusUpload(c, PDF_BYTES, { filename: `drawing-${Math.random().toString(36).slice(2)}.pdf`, kind: 'job-files', jobRequestId: id })).status === 204,
    delete: async (c, { id }) => (await gql(c, 'mutation($id: ID!) { deleteJobRequests(input: { id: $id }) { id } }', { id })).ok,
    archive: async (c, { id }) => (await gql(c, 'mutation($id: ID!) { archiveJob(jobId: $id) { id } }', { id })).ok,
    unarchive: async (c, { id }) => (await gql(c, 'mutation($id: ID!) { unarchiveJob(jobId: $id) { id } }', { id })).ok,
  }
  const none: Can = { view: false, move: [], quote: false, decide: false, deliver: false, removeDeliverables: false, readDeliverables: false, signOff: false, message: false, addFiles: false, delete: false, archive: false, unarchive: false }

  for (const state of states) {
    it(`a job ${state === 'archived' ? 'archived' : `that is ${state.replace(/_/g, ' ')}`}: each viewer can do exactly what its page offers`, async () => {
      const shown = {} as Record<Viewer, Can>
      const granted = {} as Record<Viewer, Can>
      const { id: probe } = await jobIn(state)
      for (const viewer of viewers) {
        const read = await gql(clients[viewer], abilitiesQuery, { id: probe })
        shown[viewer] = read.ok ? ((read.data as { job: { can: Can } }).job.can as Can) : none
        const result = { ...none, move: [] as JobStage[] }
        for (const [ability, attempt] of Object.entries(operations) as [Exclude<keyof Can, 'move'>, (typeof operations)['view']][]) {
          result[ability] = await attempt(clients[viewer], await jobIn(state))
        }
        for (const to of jobStages) {
          const job = await jobIn(state)
          // With a note: closing a released job needs one, and no other move refuses it.
          if ((await gql(clients[viewer], 'mutation($id: ID!, $to: String!) { moveJobStage(jobId: $id, to: $to, note: "Said why") { id } }', { id: job.id, to })).ok) result.move.push(to)
        }
        granted[viewer] = result
      }
      expect(granted).toEqual(shown)
      // Another client is told nothing and may do nothing.
      expect(shown.other).toEqual(none)
    })
  }
})
