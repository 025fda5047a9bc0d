import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { pdfText } from '../../integration/portal/support/pdf-text'
import { axeViolations } from '../../setup/axe'
import { allowPageErrors } from '../../setup/browser'
import { companyInvitations } from './company-invitations'
import { useDashboardEnv, viewports } from './dashboard-env'
import { sha256 } from './fixtures'
import { cookieHeader, type SeededUser } from './seed'

/**
 * Review and sign-off per revision, in the browser: the consultancy uploads a deliverable and
 * releases it (P01); the client's approver returns it with a reason; the consultancy uploads a new
 * revision of the same document and releases it (P02); the client sees P02 first and P01 below, each
 * with who issued it, when, and its SHA-256; the approver accepts P02 with comments and the job is
 * completed. The transmittals and the certificate download as PDFs naming the codes and hashes. A
 * viewer of the company sees no decision form; another company's client sees nothing of the job.
 */
describe('review and sign-off of deliverable revisions', () => {
  const env = useDashboardEnv('review-sign-off', ['review-office'])
  let admin: SeededUser
  let owner: SeededUser
  let approver: SeededUser
  let viewer: SeededUser
  let stranger: SeededUser

  const open = async (user: SeededUser, path: string) => (await env.openHydrated(user, path)).page
  const waitForStage = (page: Page, words: string) => page.locator('header [data-stage]', { hasText: new RegExp(`^${words}$`) }).waitFor()

  const { inviteAndJoin } = companyInvitations(env)

  beforeAll(async () => {
    ;[admin, owner, approver, viewer, stranger] = await Promise.all([env.user('review-office'), env.user('review-owner'), env.user('review-approver'), env.user('review-viewer'), env.user('review-stranger')])
    const ownerPage = await open(owner, '/profile/company')
    await ownerPage.getByTestId('your-role').getByText('Your role: Owner').waitFor()
    await inviteAndJoin(ownerPage, approver, 'Approver')
    await inviteAndJoin(ownerPage, viewer, 'Viewer')
  })

  /** A job of the owner's company, quoted, accepted and in progress. */
  const jobInProgress = async (name: string) => {
    const id = (await env.gql<{ createJobRequests: { id: string } }>(owner, 'mutation($j: String) { createJobRequests(input: { job: $j }) { id } }', { j: name })).createJobRequests.id
    await env.gql(admin, 'mutation($id: ID!) { sendQuote(jobId: $id, input: { validUntil: "2999-01-01", lines: [{ kind: "service", service: "fea", hours: 4 }] }) { id } }', { id })
    await env.gql(owner, 'mutation($id: ID!) { acceptQuote(jobId: $id) { id } }', { id })
    await env.gql(admin, 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "in_progress") { id } }', { id })
    return id
  }

  const reportP01 = Buffer.from('%PDF-1.4\n% bracket stress report, first issue\n%%EOF\n')
  const reportP02 = Buffer.from('%PDF-1.4\n% bracket stress report, bolt loads added\n%%EOF\n')

  /** The document's block on the job page, and its revisions in the order shown (the current one first). */
  const documentOn = (page: Page, name: string) => page.getByTestId('job-deliverables').locator(`[data-document="${name}"]`)
  const revisions = (document: Locator) => document.getByTestId('revision')
  /** The consultancy attaches a PDF report to the job on its page and waits until it is listed, work in progress. */
  const attachReport = async (page: Page, name: string) => {
    await page.getByLabel(/^Attach a deliverable/).setInputFiles({ name, mimeType: 'application/pdf', buffer: reportP01 })
    await page.getByRole('button', { name: 'Upload deliverable' }).click()
    await page.locator('[data-status="work in progress"]').waitFor()
  }
  /** The consultancy releases the job's results, and the job's stage reads released. */
  const releaseResults = async (page: Page) => {
    await page.getByRole('button', { name: 'Release results' }).click()
    await waitForStage(page, 'released')
  }
  /**
   * The approver records a decision that needs a comment: sent without one, the form says so (`asks`)
   * and marks the comment invalid; sent again with `comment`.
   */
  const decideWithComment = async (decision: Locator, choice: string, asks: string, comment: string) => {
    await decision.getByLabel(choice).check()
    await decision.getByRole('button', { name: 'Record decision' }).click()
    await decision.getByText(asks).waitFor()
    expect(await decision.getByLabel('Comment', { exact: true }).getAttribute('aria-invalid')).toBe('true')
    await decision.getByLabel('Comment', { exact: true }).fill(comment)
    await decision.getByRole('button', { name: 'Record decision' }).click()
  }
  /** What a revision says of itself: its code, status, who issued it and when, its SHA-256. */
  const revisionFacts = async (revision: Locator) => ({
    code: await revision.getAttribute('data-code'),
    status: await revision.getAttribute('data-status'),
    issued: (await revision.getByTestId('revision-issued').textContent())?.trim(),
    sha256: (await revision.getByTestId('sha256').textContent())?.trim(),
  })
  /** Downloads a link's target as the user: its status, content type and bytes. */
  const download = async (user: SeededUser, href: string) => {
    const res = await fetch(new URL(href, env.server.url), { headers: { cookie: cookieHeader(user) } })
    return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) }
  }

  it('P01 is returned with a reason, P02 is accepted with comments, the job completes, and the PDFs name every revision', async () => {
    const id = await jobInProgress('Bracket FEA')
    const jobPath = `/profile/jobs/${id}`

    // The consultancy uploads the report: work in progress, nothing issued yet; then releases it as P01.
    let page = await open(admin, jobPath)
    await attachReport(page, 'bracket-report.pdf')
    let document = documentOn(page, 'bracket-report.pdf')
    await revisions(document).first().getByText('Work in progress', { exact: true }).first().waitFor()
    expect(await revisions(document).first().getByTestId('revision-issued').textContent()).toMatch(/not yet issued$/)
    await releaseResults(page)
    await revisions(document).first().and(page.locator('[data-code="P01"]')).waitFor()
    // Issued, the revision can no longer be taken back.
    expect(await document.getByRole('button', { name: /^Remove / }).count()).toBe(0)

    // The approver returns P01: without a reason the form says so at the comment, with it the job goes back to work.
    page = await open(approver, jobPath)
    document = documentOn(page, 'bracket-report.pdf')
    let decision = document.getByRole('form', { name: 'Decision on bracket-report.pdf P01' })
    await decision.getByText('A decision is final: it cannot be changed, only followed by a new revision.').waitFor()
    await decideWithComment(decision, 'Return with comments', 'Say why the revision is returned', 'The bolt loads are missing from section 4.')
    await waitForStage(page, 'in progress')
    const returned = revisions(document).first()
    await returned.getByTestId('revision-decision').getByText('The bolt loads are missing from section 4.').waitFor()
    expect(await returned.getAttribute('data-status')).toBe('returned')
    expect(await returned.getByTestId('revision-decision').textContent()).toContain(`Returned with comments by`)
    expect(await returned.getByTestId('revision-decision').textContent()).toContain(approver.email)
    expect(await document.getByRole('form').count()).toBe(0)

    // The consultancy uploads a new revision of the same document (under another file name) and releases it as P02.
    page = await open(admin, jobPath)
    document = documentOn(page, 'bracket-report.pdf')
    await document.getByText('Upload a new revision', { exact: true }).click()
    await document.getByLabel('File of the new revision').setInputFiles({ name: 'bracket-report-rev2.pdf', mimeType: 'application/pdf', buffer: reportP02 })
    await document.getByRole('button', { name: 'Upload revision' }).click()
    await revisions(document).first().and(page.locator('[data-status="work in progress"]')).waitFor()
    await releaseResults(page)
    await revisions(document).first().and(page.locator('[data-code="P02"]')).waitFor()

    // The client's owner: P02 first, P01 below, returned; each with who issued it, when, and its SHA-256.
    page = await open(owner, jobPath)
    document = documentOn(page, 'bracket-report.pdf')
    await revisions(document).first().and(page.locator('[data-code="P02"]')).waitFor()
    await document.getByText('Earlier revisions (1)').click()
    const [p02, p01] = await Promise.all([revisionFacts(revisions(document).nth(0)), revisionFacts(revisions(document).nth(1))])
    expect(p02).toMatchObject({ code: 'P02', status: 'issued', sha256: sha256(reportP02) })
    expect(p01).toMatchObject({ code: 'P01', status: 'returned', sha256: sha256(reportP01) })
    expect(p02.issued).toMatch(/^Issued by .+ on .+ in release 2$/)
    expect(p01.issued).toMatch(/^Issued by .+ on .+ in release 1$/)
    await revisions(document).nth(1).getByText('Returned with comments').first().waitFor()
    expect(await revisions(document).nth(0).getByRole('link', { name: 'bracket-report-rev2.pdf' }).count()).toBe(1)
    expect(await revisions(document).nth(1).getByRole('link', { name: 'bracket-report.pdf' }).count()).toBe(1)
    // The owner may decide too; a viewer of the company reads the same revisions and decides nothing.
    expect(await document.getByRole('button', { name: 'Record decision' }).count()).toBe(1)
    expect(await axeViolations(page, 'main')).toEqual([])
    page = await open(viewer, jobPath)
    document = documentOn(page, 'bracket-report.pdf')
    await revisions(document).first().and(page.locator('[data-code="P02"]')).waitFor()
    expect(await page.getByRole('button', { name: 'Record decision' }).count()).toBe(0)
    expect(await page.getByText('A decision is final', { exact: false }).count()).toBe(0)

    // The approver accepts P02 with comments: a comment is needed; then the job is completed.
    page = await open(approver, jobPath)
    document = documentOn(page, 'bracket-report.pdf')
    decision = document.getByRole('form', { name: 'Decision on bracket-report.pdf P02' })
    await decideWithComment(decision, 'Accept with comments', 'Write your comments', 'Accepted; please round the margins to one decimal next time.')
    await waitForStage(page, 'completed')
    const accepted = revisions(document).first()
    await accepted.getByTestId('revision-decision').getByText('Accepted; please round the margins to one decimal next time.').waitFor()
    expect(await accepted.getAttribute('data-status')).toBe('accepted_with_comments')
    await accepted.getByText(/^Accepted as C\d{2}$/).waitFor()
    expect(await page.getByRole('button', { name: 'Record decision' }).count()).toBe(0)

    // The releases, each with its transmittal; the certificate of review. Each downloads as a PDF naming the revisions.
    const releases = page.getByTestId('job-release')
    expect(await releases.count()).toBe(2)
    const transmittals = await releases.getByRole('link', { name: 'Transmittal (PDF)' }).evaluateAll((links) => links.map((a) => a.getAttribute('href')!))
    const certificateHref = (await page.getByRole('link', { name: 'Certificate of review (PDF)' }).getAttribute('href'))!
    const [second, first, certificate] = await Promise.all([...transmittals.map((href) => download(owner, href)), download(owner, certificateHref)])
    for (const pdf of [first!, second!, certificate!]) {
      expect(pdf.status).toBe(200)
      expect(pdf.type).toBe('application/pdf')
      expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-')
    }
    // Each transmittal names its release's revision, file and SHA-256, and no other release's.
    const firstLines = pdfText(first!.body).split('\n')
    for (const words of ['Release 1', 'P01', 'bracket-report.pdf', `SHA-256 ${sha256(reportP01)}`]) expect(firstLines).toContain(words)
    const secondLines = pdfText(second!.body).split('\n')
    for (const words of ['Release 2', 'P02', 'bracket-report-rev2.pdf', `SHA-256 ${sha256(reportP02)}`]) expect(secondLines).toContain(words)
    expect(secondLines).not.toContain(`SHA-256 ${sha256(reportP01)}`)
    // The certificate lists each decision in order: the revision, the decision, who, and the SHA-256 decided on.
    const certified = pdfText(certificate!.body)
    let at = -1
    for (const words of ['CERTIFICATE OF REVIEW', 'Bracket FEA', 'Revision P01 (release 1)', 'Returned with comments', `<${approver.email}>`, sha256(reportP01), 'Revision P02, accepted as C01 (release 2)', 'Accepted with comments', `<${approver.email}>`, sha256(reportP02)]) {
      const found = certified.indexOf(words, at + 1)
      expect(found, words).toBeGreaterThan(at)
      at = found
    }

    // Another company's client: no page, no transmittal, no certificate.
    allowPageErrors(/status of 403 \(Forbidden\)/)
    page = await open(stranger, jobPath)
    await page.getByText('That job was not found.').waitFor()
    expect(await page.getByText('Bracket FEA').count()).toBe(0)
    for (const href of [...transmittals, certificateHref]) {
      const refused = await download(stranger, href)
      expect(refused.status).toBe(403)
      expect(refused.type).not.toBe('application/pdf')
    }
  })

  it('the consultancy closes a released job only with a note saying why, which the timeline keeps', async () => {
    const id = await jobInProgress('Hinge FEA')
    const jobPath = `/profile/jobs/${id}`
    const page = await open(admin, jobPath)
    await attachReport(page, 'hinge-report.pdf')
    await releaseResults(page)
    const close = page.getByRole('button', { name: 'Close with a note' })
    await close.click()
    await page.getByText('Say why the job is closed').waitFor()
    const note = page.getByLabel(/\(required/)
    expect(await note.getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator('header [data-stage]').textContent()).toBe('released')
    await note.fill('The client confirmed by phone that no review is needed.')
    await close.click()
    await waitForStage(page, 'completed')
    await page.getByTestId('job-timeline').getByText('The client confirmed by phone that no review is needed.').waitFor()
  })

  it.each(viewports)('the revisions, decisions and releases fit the window ($name, $width px)', async (viewport) => {
    const id = await jobInProgress(`Gusset plate FEA with a rather long title that must wrap (${viewport.name})`)
    const jobPath = `/profile/jobs/${id}`
    let page = (await env.openHydrated(admin, jobPath, viewport)).page
    await attachReport(page, 'gusset-plate-stress-report-with-a-long-name-that-must-wrap.pdf')
    await releaseResults(page)
    page = (await env.openHydrated(approver, jobPath, viewport)).page
    await page.getByRole('button', { name: 'Record decision' }).waitFor()
    await page.getByText(/^SHA-256/).first().click()
    const width = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, window: innerWidth }))
    expect(width.scroll).toBeLessThanOrEqual(width.window)
  })
})
