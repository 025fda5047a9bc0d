import { beforeAll, describe, expect, it } from 'vitest'
import { signUpAndVerify, userIdOf } from '../portal/support/accounts'
import { HttpClient } from '../portal/support/http-client'
import { portalWithAccounts } from '../portal/support/portal-with-accounts'

/**
 * The portal's documents are rendered once and shared by everyone who asks within a second, signed in
 * or not (server/http/portal-documents.ts). A document that carried the data of whoever asked first
 * would hand it to the next visitor: each is rendered as a guest's, and holds nothing of any person.
 * Their data comes only from the JSON endpoints, checked per request.
 */
describe("a portal page's document, shared between visitors", () => {
  const { portal, accounts } = portalWithAccounts({ ADMIN_EMAILS: 'admin-portal-doc@example.test' }, { alice: 'alice-portal-doc@example.test', admin: 'admin-portal-doc@example.test' })
  let jobId: string
  let aliceId: string
  const secrets = ['Zanzibar Widgets Ltd', 'Quasimodo Bracket FEA', 'alice-portal-doc@example.test', 'REF-7731-XQ']

  beforeAll(async () => {
    aliceId = await userIdOf(accounts.alice)
    const saved = await accounts.alice.fetch('/profile', { method: 'POST', body: new URLSearchParams({ intent: 'update-details', companyName: 'Zanzibar Widgets Ltd' }) })
    expect(saved.status).toBe(200)
    const job = await accounts.alice.gql<{ createJobRequests: { id: string } }>('mutation { createJobRequests(input: { job: "Quasimodo Bracket FEA", reference: "REF-7731-XQ" }) { id } }')
    jobId = job.data!.createJobRequests.id
  })

  const withoutNonces = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""')

  it("holds nothing of the client who asks, nor of the client an admin looks at, and is the guest's document", async () => {
    const guest = new HttpClient(portal.url)
    for (const path of ['/profile', `/profile?client=${aliceId}`, `/profile/jobs/${jobId}`, '/profile/settings']) {
      const pages = await Promise.all([accounts.alice, accounts.admin, guest].map(async (c) => ({ status: (await c.fetch(path)).status, html: await (await c.fetch(path)).text() })))
      for (const { html } of pages) for (const secret of secrets) expect(html, `${path} holds ${secret}`).not.toContain(secret)
      // Alice's, the admin's and a guest's copies are the same document.
      expect(new Set(pages.map((p) => withoutNonces(p.html))).size, path).toBe(1)
    }
  })

  it("the data comes from the JSON endpoints, to the client it belongs to and the consultancy only", async () => {
    const bob = await signUpAndVerify(portal, 'bob-portal-doc@example.test')
    const view = async (c: HttpClient, path: string) => {
      const res = await c.fetch(path)
      return { status: res.status, text: await res.text() }
    }
    expect((await view(accounts.alice, `/profile/jobs/${jobId}/view`)).text).toContain('Quasimodo Bracket FEA')
    expect((await view(accounts.admin, `/profile/jobs/${jobId}/view`)).text).toContain('alice-portal-doc@example.test')
    const bobsTry = await view(bob, `/profile/jobs/${jobId}/view`)
    expect(bobsTry.status).toBe(403)
    for (const secret of secrets) expect(bobsTry.text).not.toContain(secret)
    const bobsDashboard = await view(bob, `/profile/view?client=${aliceId}`)
    expect(bobsDashboard.status).toBe(403)
    for (const secret of secrets) expect(bobsDashboard.text).not.toContain(secret)
    const guestsTry = await view(new HttpClient(portal.url), `/profile/jobs/${jobId}/view`)
    expect(guestsTry.status).toBe(401)
  })
})
