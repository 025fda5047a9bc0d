import { beforeAll, describe, expect, it } from 'vitest'
import { signUpAndVerify, userIdOf } from '../portal/support/accounts'
import type { HttpClient } from '../portal/support/http-client'
import { portalWithAccounts } from '../portal/support/portal-with-accounts'
import { encodeMetadata, PNG_1PX, tusUpload } from '../portal/support/tus-upload'

const QUOTA = 100_000
const QUOTA_MESSAGE = 'Storage quota reached (100 KB). Delete some files to make room, or ask us for more space.'
const text = (bytes: number) => Buffer.alloc(bytes, 'a')

/**
 * One account filling the server's disk: every account's folders (documents, logo, the files of its
 * job requests) share one quota, which an upload's declared length takes from its creation (checked
 * again when it finishes), and an admin uploading for a client uses that client's space.
 */
describe('a client cannot fill the disk', () => {
  const { portal, accounts } = portalWithAccounts({ ADMIN_EMAILS: 'admin@example.test', STORAGE_QUOTA_BYTES: String(QUOTA) }, { client: 'client@example.test', admin: 'admin@example.test' })
  let clientId: string
  let jobId: string

  beforeAll(async () => {
    clientId = await userIdOf(accounts.client)
    jobId = (await accounts.client.gql<{ createJobRequests: { id: string } }>('mutation { createJobRequests(input: { job: "FEA" }) { id } }')).data!.createJobRequests.id
  })

  const createUpload = (c: HttpClient, length: number, meta: Record<string, string>) =>
    c.fetch('/uploads', { method: 'POST', headers: { 'tus-resumable': '1.0.0', 'upload-length': String(length), 'upload-metadata': encodeMetadata(meta) } })

  it('refuses an upload whose declared length would pass the quota, with a clear message (413)', async () => {
    const tooBig = await createUpload(accounts.client, QUOTA + 1, { filename: 'big.txt', kind: 'user-box' })
    expect(tooBig.status).toBe(413)
    expect(await tooBig.text()).toBe(QUOTA_MESSAGE)
  })

  it('counts the documents, the logo and the job files together, whoever uploaded them', async () => {
    expect((await tusUpload(accounts.client, text(40_000), { filename: 'notes.txt', kind: 'user-box' })).status).toBe(204)
    expect((await tusUpload(accounts.client, text(30_000), { filename: 'spec.txt', kind: 'job-files', jobRequestId: jobId })).status).toBe(204)
    expect((await tusUpload(accounts.client, PNG_1PX, { filename: 'logo.png', filetype: 'image/png', kind: 'profile-pictures' })).status).toBe(204)
    const used = 70_000 + PNG_1PX.length

    // The admin's upload into the client's box counts against the client, and is refused for it.
    const byAdmin = await tusUpload(accounts.admin, text(QUOTA - used + 1), { filename: 'report.txt', kind: 'user-box', ownerId: clientId })
    expect(byAdmin.status).toBe(413)
    expect(byAdmin.body).toBe(QUOTA_MESSAGE)
    const intoJob = await tusUpload(accounts.client, text(QUOTA - used + 1), { filename: 'more.txt', kind: 'job-files', jobRequestId: jobId })
    expect(intoJob.status).toBe(413)

    // Replacing a file counts its new size, not both.
    expect((await tusUpload(accounts.client, text(40_000 + (QUOTA - used)), { filename: 'notes.txt', kind: 'user-box' })).status).toBe(204)
    const full = await tusUpload(accounts.client, text(1), { filename: 'one-byte.txt', kind: 'user-box' })
    expect(full.status).toBe(413)
    expect(full.body).toBe(QUOTA_MESSAGE)
    // The admin's own folder is the admin's own space.
    expect((await tusUpload(accounts.admin, text(1000), { filename: 'own.txt', kind: 'user-box' })).status).toBe(204)
    // Deleting makes room again.
    expect((await accounts.client.gql('mutation($p: String!) { deleteFile(path: $p) }', { p: `user-box/${clientId}/notes.txt` })).errors).toBeUndefined()
  })

  it('holds the declared length of an upload in the quota from its creation: two uploads that each fit cannot pass the quota together', async () => {
    const second = await signUpAndVerify(portal, 'second@example.test')
    const size = 60_000
    const first = await createUpload(second, size, { filename: 'first.txt', kind: 'user-box' })
    expect(first.status).toBe(201)
    // Nothing of the first has arrived yet, and still the second finds no room.
    const late = await createUpload(second, size, { filename: 'second.txt', kind: 'user-box' })
    expect(late.status).toBe(413)
    expect(await late.text()).toBe(QUOTA_MESSAGE)
    const send = (res: Response) =>
      second.fetch(res.headers.get('location')!, {
        method: 'PATCH',
        headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: new Uint8Array(text(size)),
      })
    expect((await send(first)).status).toBe(204)
    const secondId = await userIdOf(second)
    const listed = await second.gql<{ files: { path: string }[] }>('query($p: String!) { files(prefix: $p) { path } }', { p: `user-box/${secondId}/` })
    expect(listed.data!.files.map((f) => f.path)).toEqual([`user-box/${secondId}/first.txt`])
    // Once stored, the file counts and its reservation does not count again: what is left is free.
    expect((await tusUpload(second, text(QUOTA - size), { filename: 'rest.txt', kind: 'user-box' })).status).toBe(204)
    expect((await createUpload(second, 1, { filename: 'over.txt', kind: 'user-box' })).status).toBe(413)
  })

  it('gives back the room of an upload refused when it finishes', async () => {
    const third = await signUpAndVerify(portal, 'third@example.test')
    const size = 60_000
    // A "picture" whose bytes are text: refused by the content check once every byte is in.
    const refused = await tusUpload(third, text(size), { filename: 'photo.png', filetype: 'image/png', kind: 'user-box' })
    expect(refused.status).toBe(415)
    expect((await tusUpload(third, text(size), { filename: 'notes.txt', kind: 'user-box' })).status).toBe(204)
  })
})
