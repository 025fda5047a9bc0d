import { eq } from 'drizzle-orm'
import { beforeAll, expect } from 'vitest'
import type { JobView } from '../../../../lib/job-view'
import type { PinnedView } from '../../../../lib/review-comments'
import { jobRequests } from '../../../../server/db/schema'
import { companyIdOf, moveIntoCompany } from '../../../setup/company-of'
import { gqlData, type HttpClient } from './http-client'
import { portalWithAccounts } from './portal-with-accounts'
import { PDF_BYTES, tusUpload } from './tus-upload'

/** A comment's view pinned on a model: a point, the camera, a section plane and a hidden part. */
export const MODEL_PIN: Extract<PinnedView, { kind: 'model' }> = {
  kind: 'model',
  point: [12.5, 3, -4],
  camera: { position: [100, 80, 60], target: [10, 0, 0], up: [0, 0, 1] },
  sections: [{ along: 'x', normal: [1, 0, 0], offset: 15, flipped: false }],
  hiddenParts: ['0/2'],
}

/**
 * The portal for the enclosing suite with a client company (its `owner`, a `member` and a `viewer`),
 * an account outside it (`other`), the consultancy's `admin`, and a job of the owner's taken through
 * its quote to its first release: one PDF uploaded as `fileName`, issued as its first revision. The
 * addresses are `${prefix}-owner@example.test` and so on. The job is made in a `beforeAll` that runs
 * after the accounts are signed up and before the suite's own hooks; reading `job.id` or
 * `job.firstRevision` before then throws.
 */
export function portalWithReleasedJob(prefix: string, { name, fileName }: { name: string; fileName: string }) {
  const adminEmail = `${prefix}-admin@example.test`
  const { portal, accounts, ids } = portalWithAccounts(
    { ADMIN_EMAILS: adminEmail, MAIL_GROUP_SECONDS: '1' },
    { owner: `${prefix}-owner@example.test`, member: `${prefix}-member@example.test`, viewer: `${prefix}-viewer@example.test`, other: `${prefix}-other@example.test`, admin: adminEmail },
  )
  let made: { id: string; firstRevision: string } | undefined
  const job = {
    get id() {
      if (!made) throw new Error('the job is made before the suite’s tests: use it in a hook or a test')
      return made.id
    },
    get firstRevision() {
      if (!made) throw new Error('the job is made before the suite’s tests: use it in a hook or a test')
      return made.firstRevision
    },
  }

  /** The job as its page shows it to `client`. */
  const view = async (client: HttpClient) => ((await (await client.fetch(`/profile/jobs/${job.id}/view`)).json()) as { view: JobView }).view
  /** The consultancy moves the job to a stage (a move to released issues what is in progress). */
  const move = (to: string) => gqlData(accounts.admin, 'mutation($id: ID!, $to: String!) { moveJobStage(jobId: $id, to: $to) { id } }', { id: job.id, to })
  /** The consultancy uploads the PDF as a deliverable: a new document, or the next revision of `document`. */
  const upload = async (document?: string) => {
    const result = await tusUpload(accounts.admin, PDF_BYTES, { filename: fileName, kind: 'job-deliverables', jobRequestId: job.id, ...(document ? { document } : {}) })
    expect(result.status, result.body).toBe(204)
  }
  /** Back in progress, as a returned release leaves it, with the next revision of the released document (not issued yet). */
  const nextRevision = async () => {
    await portal.server.ctx.db.update(jobRequests).set({ status: 'in_progress' }).where(eq(jobRequests.id, job.id))
    await upload(fileName)
  }

  beforeAll(async () => {
    const { db } = portal.server.ctx
    const company = await companyIdOf(db, ids.owner)
    await moveIntoCompany(db, ids.member, company, 'member')
    await moveIntoCompany(db, ids.viewer, company, 'viewer')
    const id = (await gqlData<{ createJobRequests: { id: string } }>(accounts.admin, 'mutation($u: ID, $name: String) { createJobRequests(input: { user: $u, job: $name }) { id } }', { u: ids.owner, name })).createJobRequests.id
    made = { id, firstRevision: '' }
    await gqlData(accounts.admin, 'mutation($id: ID!) { sendQuote(jobId: $id, input: { validUntil: "2999-01-01", lines: [{ kind: "service", service: "cad", hours: 1 }] }) { id } }', { id })
    await gqlData(accounts.owner, 'mutation($id: ID!) { acceptQuote(jobId: $id) { id } }', { id })
    await move('in_progress')
    await upload()
    await move('released')
    made.firstRevision = (await view(accounts.owner)).review.documents[0]!.revisions[0]!.id
  })

  return { portal, accounts, job, view, move, upload, nextRevision }
}
