import { rename } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { portalWithAccounts } from '../portal/support/portal-with-accounts'
import { PDF_BYTES, PNG_1PX, tusUpload } from '../portal/support/tus-upload'

/**
 * Stored cross-site scripting through an upload: a client uploads html, javascript or a stylesheet
 * and sends an admin its /files/ link. Served as itself from the site's origin it would run (or
 * style the page) with the admin's session. It opens in a new tab as its source text (text/plain,
 * sandboxed), or downloads; never with a type a browser runs.
 */
describe('uploaded code never runs or styles anything in the site’s origin', () => {
  const { portal, accounts } = portalWithAccounts({ ADMIN_EMAILS: 'admin@example.test' }, { client: 'client@example.test', admin: 'admin@example.test' })

  it.each([
    ['report.html', '<!doctype html><script>fetch("/graphql",{method:"POST"})</script>'],
    ['widget.js', 'fetch("/graphql", { method: "POST", credentials: "include" })'],
    ['theme.css', 'body { background: url("/files/user-box/x/steal") }'],
  ])('%s opens as its source text or downloads, sandboxed, never as itself', async (filename, content) => {
    const up = await tusUpload(accounts.client, Buffer.from(content), { filename, kind: 'user-box' })
    expect(up.status).toBe(204)
    for (const [url, disposition] of [
      [`/files/${up.path}`, /^inline; filename="/],
      [`/files/${up.path}?download=1`, /^attachment; filename="/],
    ] as const) {
      for (const method of ['GET', 'HEAD']) {
        const res = await accounts.admin.fetch(url, { method })
        expect(res.status).toBe(200)
        expect(res.headers.get('content-disposition')).toMatch(disposition)
        expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
        expect(res.headers.get('content-security-policy')).toMatch(/^sandbox;/)
        expect(res.headers.get('x-content-type-options')).toBe('nosniff')
        if (method === 'GET') expect(await res.text()).toBe(content)
      }
    }
  })

  it('an svg (it can carry scripts) downloads with a neutral type, sandboxed', async () => {
    const content = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    const up = await tusUpload(accounts.client, Buffer.from(content), { filename: 'logo.txt', kind: 'user-box' })
    expect(up.status).toBe(204)
    // Stored under a name a browser would render as svg, as an older version could have.
    const svgPath = up.path!.replace(/\.txt$/, '.svg')
    await portal.server.ctx.db.execute(sql`UPDATE stored_file SET path = ${svgPath}, content_type = 'image/svg+xml' WHERE path = ${up.path}`)
    await rename(path.join(portal.dataDir, 'files', up.path!), path.join(portal.dataDir, 'files', svgPath))
    const res = await accounts.admin.fetch(`/files/${svgPath}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="/)
    expect(res.headers.get('content-type')).toBe('application/octet-stream')
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox;/)
  })

  it.each([
    ['drawing.png', PNG_1PX, 'image/png'],
    ['brief.pdf', PDF_BYTES, 'application/pdf'],
    ['notes.txt', Buffer.from('<script>alert(1)</script> is only text here'), 'text/plain; charset=utf-8'],
  ])('%s keeps its inline preview', async (filename, bytes, type) => {
    const up = await tusUpload(accounts.client, bytes, { filename, kind: 'user-box', ...(type.startsWith('image/') ? { filetype: type } : {}) })
    expect(up.status).toBe(204)
    const res = await accounts.client.fetch(`/files/${up.path}`)
    expect(res.headers.get('content-type')).toBe(type)
    expect(res.headers.get('content-disposition')).toMatch(/^inline/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect((await accounts.client.fetch(`/files/${up.path}?download=1`)).headers.get('content-disposition')).toMatch(/^attachment/)
  })
})
