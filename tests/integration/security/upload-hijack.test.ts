import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { HttpClient } from '../portal/support/http-client'
import { portalWithAccounts } from '../portal/support/portal-with-accounts'
import { encodeMetadata, PDF_BYTES, PNG_1PX } from '../portal/support/tus-upload'

const tus = { 'tus-resumable': '1.0.0' }
const patchHeaders = (offset: number, extra: Record<string, string> = {}) => ({ ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', ...extra })

/**
 * Taking over someone else's resumable upload: whoever knows an upload's URL must not be able to
 * write into it, read its progress or finish it, and an upload the server cannot tie to its creator
 * is refused rather than continued.
 */
describe('nobody continues an upload they did not create', () => {
  const { portal, accounts } = portalWithAccounts({}, { owner: 'owner@example.test', other: 'other@example.test' })

  async function create(client: HttpClient, bytes: Buffer, meta: Record<string, string>) {
    const res = await client.fetch('/uploads', { method: 'POST', headers: { ...tus, 'upload-length': String(bytes.length), 'upload-metadata': encodeMetadata(meta) } })
    expect(res.status).toBe(201)
    return { location: res.headers.get('location')!, key: res.headers.get('upload-key') }
  }

  it('a guest’s picture upload is continued only with the key it was given', async () => {
    const guest = new HttpClient(portal.url)
    const stranger = new HttpClient(portal.url)
    const half = PNG_1PX.length >> 1
    const { location, key } = await create(guest, PNG_1PX, { filename: 'photo.png', filetype: 'image/png', kind: 'picture-submissions' })

    // Another guest (same address, no key), a wrong key, and a signed-in user are all refused.
    for (const [client, headers] of [
      [stranger, {}],
      [stranger, { 'upload-key': 'x'.repeat(43) }],
      [accounts.other, {}],
    ] as const) {
      const head = await client.fetch(location, { method: 'HEAD', headers: { ...tus, ...headers } })
      expect(head.status).toBe(403)
      expect(head.headers.get('upload-offset')).toBeNull()
      const patch = await client.fetch(location, { method: 'PATCH', headers: patchHeaders(0, headers), body: new Uint8Array(PNG_1PX.subarray(0, half)) })
      expect(patch.status).toBe(403)
      const del = await client.fetch(location, { method: 'DELETE', headers: { ...tus, ...headers } })
      expect(del.status).toBe(403)
    }

    // The uploader, with its key, carries on where it was.
    expect(key).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    const first = await guest.fetch(location, { method: 'PATCH', headers: patchHeaders(0, { 'upload-key': key! }), body: new Uint8Array(PNG_1PX.subarray(0, half)) })
    expect(first.status).toBe(204)
    const head = await guest.fetch(location, { method: 'HEAD', headers: { ...tus, 'upload-key': key! } })
    expect(head.headers.get('upload-offset')).toBe(String(half))
    const rest = await guest.fetch(location, { method: 'PATCH', headers: patchHeaders(half, { 'upload-key': key! }), body: new Uint8Array(PNG_1PX.subarray(half)) })
    expect(rest.status).toBe(204)
    expect(rest.headers.get('upload-path')).toMatch(/^picture-submissions\//)
  })

  it('a signed-in user’s upload is continued by that user only', async () => {
    const { location, key } = await create(accounts.owner, PDF_BYTES, { filename: 'brief.pdf', kind: 'user-box' })
    expect(key).toBeNull()
    const guest = new HttpClient(portal.url)
    expect((await guest.fetch(location, { method: 'PATCH', headers: patchHeaders(0), body: new Uint8Array(PDF_BYTES) })).status).toBe(401)
    expect((await accounts.other.fetch(location, { method: 'PATCH', headers: patchHeaders(0), body: new Uint8Array(PDF_BYTES) })).status).toBe(403)
    expect((await accounts.owner.fetch(location, { method: 'PATCH', headers: patchHeaders(0), body: new Uint8Array(PDF_BYTES) })).status).toBe(204)
  })

  it('an upload whose owner cannot be read from its metadata is refused, never continued', async () => {
    const uploads = path.join(portal.dataDir, 'uploads')
    const idOf = (location: string) => location.split('/').pop()!

    const db = portal.server.ctx.db
    // Metadata that names no owner (no user, no key): nobody may continue it.
    const orphan = await create(accounts.owner, PDF_BYTES, { filename: 'orphan.pdf', kind: 'user-box' })
    await db.execute(sql`UPDATE upload SET metadata = metadata - 'actorId' - 'keyHash' WHERE id = ${idOf(orphan.location)}`)
    for (const client of [accounts.owner, accounts.other, new HttpClient(portal.url)]) {
      const res = await client.fetch(orphan.location, { method: 'PATCH', headers: patchHeaders(0), body: new Uint8Array(PDF_BYTES) })
      expect(res.status).toBe(403)
    }

    // An upload whose record cannot be read (gone, while its bytes are still there): not found, and nothing written.
    const broken = await create(accounts.owner, PDF_BYTES, { filename: 'broken.pdf', kind: 'user-box' })
    await db.execute(sql`DELETE FROM upload WHERE id = ${idOf(broken.location)}`)
    const res = await accounts.owner.fetch(broken.location, { method: 'PATCH', headers: patchHeaders(0), body: new Uint8Array(PDF_BYTES) })
    expect(res.status).toBe(404)
    expect(readFileSync(path.join(uploads, idOf(broken.location))).length).toBe(0)
  })
})
