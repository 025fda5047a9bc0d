import { request } from 'node:http'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { storedFiles } from '../../../server/db/schema'
import { HttpClient } from '../portal/support/http-client'
import { portalWithAccounts } from '../portal/support/portal-with-accounts'
import { encodeMetadata, PNG_1PX, tusUpload } from '../portal/support/tus-upload'

/** A guest's picture, sent the way tus-js-client sends it. */
const guestUpload = (guest: HttpClient, bytes: Buffer, filename: string) => tusUpload(guest, bytes, { filename, filetype: 'image/png', kind: 'picture-submissions' })

/** A guest's creation request sent from another loopback address (127.0.0.0/8 all reach the server). */
function createFrom(baseUrl: string, localAddress: string, filename: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}/uploads`, {
      method: 'POST',
      localAddress,
      headers: { 'tus-resumable': '1.0.0', 'upload-length': String(PNG_1PX.length), 'upload-metadata': encodeMetadata({ filename, filetype: 'image/png', kind: 'picture-submissions' }) },
    })
    req.on('response', (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on('error', reject)
    req.end()
  })
}

/**
 * picture-submissions/ is writable by anyone. Guests must not be able to overwrite each other's
 * pictures, send anything but a picture-sized file, or fill the disk by sending many.
 */
describe('guests cannot overwrite or flood picture submissions', () => {
  const { portal, accounts } = portalWithAccounts({ ADMIN_EMAILS: 'admin@example.test' }, { admin: 'admin@example.test' })

  it('gives every submission a name the server makes, so one guest cannot replace another’s picture', async () => {
    const first = Buffer.concat([PNG_1PX, Buffer.from('first guest')])
    const second = Buffer.concat([PNG_1PX, Buffer.from('second guest')])
    const a = await guestUpload(new HttpClient(portal.url), first, 'photo.png')
    const b = await guestUpload(new HttpClient(portal.url), second, 'photo.png')
    expect([a.status, b.status]).toEqual([204, 204])
    expect(a.path).toMatch(/^picture-submissions\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.png$/)
    expect(b.path).toMatch(/^picture-submissions\/[0-9a-f-]{36}\.png$/)
    expect(a.path).not.toBe(b.path)
    for (const [p, bytes] of [
      [a.path, first],
      [b.path, second],
    ] as const) {
      const res = await accounts.admin.fetch(`/files/${p}`)
      expect(res.status).toBe(200)
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true)
    }
  })

  it('counts submissions per address: one address using up its 20 does not stop another', async () => {
    const first: number[] = []
    for (let i = 0; i < 21; i++) first.push(await createFrom(portal.url, '127.0.0.2', `a${i}.png`))
    expect(first.slice(0, 20).every((s) => s === 201)).toBe(true)
    expect(first[20]).toBe(429)
    expect(await createFrom(portal.url, '127.0.0.3', 'b.png')).toBe(201)
  })

  it('refuses a picture over 10 MB when the upload is created', async () => {
    const res = await new HttpClient(portal.url).fetch('/uploads', {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': String(10_000_001), 'upload-metadata': encodeMetadata({ filename: 'huge.png', filetype: 'image/png', kind: 'picture-submissions' }) },
    })
    expect(res.status).toBe(413)
    expect(await res.text()).toBe('File is too large (the limit is 10 MB)')
  })

  it('closes submissions for the day once the folder has taken its daily number of pictures', async () => {
    const now = new Date()
    const rows = Array.from({ length: 500 }, (_, i) => ({ path: `picture-submissions/seed-${i}.png`, size: 10, eTag: 'x', lastModified: now }))
    await portal.server.ctx.db.insert(storedFiles).values(rows)
    try {
      const refused = await guestUpload(new HttpClient(portal.url), PNG_1PX, 'one-more.png')
      expect(refused.status).toBe(429)
      expect(refused.body).toBe('Picture submissions are closed for today. Please try again tomorrow.')
      // Yesterday's pictures no longer count.
      await portal.server.ctx.db.execute(sql`update stored_file set last_modified = now() - interval '25 hours' where path like 'picture-submissions/seed-%'`)
      expect((await guestUpload(new HttpClient(portal.url), PNG_1PX, 'tomorrow.png')).status).toBe(204)
    } finally {
      await portal.server.ctx.db.execute(sql`delete from stored_file where path like 'picture-submissions/seed-%'`)
    }
  })

  it('closes submissions for the day once the folder has taken its daily bytes', async () => {
    await portal.server.ctx.db.insert(storedFiles).values({ path: 'picture-submissions/seed-large.png', size: 1_000_000_000 - 10, eTag: 'x', lastModified: new Date() })
    try {
      const refused = await guestUpload(new HttpClient(portal.url), PNG_1PX, 'one-more.png')
      expect(refused.status).toBe(429)
      expect(refused.body).toBe('Picture submissions are closed for today. Please try again tomorrow.')
      const signedIn = await tusUpload(accounts.admin, PNG_1PX, { filename: 'admin.png', filetype: 'image/png', kind: 'picture-submissions' })
      expect(signedIn.status).toBe(429)
    } finally {
      await portal.server.ctx.db.execute(sql`delete from stored_file where path like 'picture-submissions/seed-%'`)
    }
  })
})
