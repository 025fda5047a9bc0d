import { beforeAll, describe, expect, it } from 'vitest'
import { signUpAndVerify } from '../portal/support/accounts'
import type { HttpClient } from '../portal/support/http-client'
import { portalServerForSuite } from '../portal/support/portal-server'
import { encodeMetadata } from '../portal/support/tus-upload'

const QUOTA = 20_000_000_000
const TWO_GIB = 2 * 1024 ** 3
const QUOTA_MESSAGE = 'Storage quota reached (20 GB). Delete some files to make room, or ask us for more space.'

/**
 * A client starts many large uploads at once: each alone fits the quota, so if every creation only
 * compared the stored files with the quota, all of them would be accepted and together fill the disk.
 * The declared length of each upload is reserved when it is created, so the uploads running side by
 * side count against the quota from their first request, and no two creations can both take the last
 * room. No bytes are sent: the creations alone must be refused.
 */
describe('a client starting many uploads at once cannot pass the storage quota', () => {
  const portal = portalServerForSuite({ STORAGE_QUOTA_BYTES: String(QUOTA), UPLOAD_MAX_BYTES: String(TWO_GIB) })
  let client: HttpClient

  beforeAll(async () => {
    client = await signUpAndVerify(portal, 'parallel@example.test')
  })

  const create = (c: HttpClient, filename: string, length = TWO_GIB) =>
    c.fetch('/uploads', { method: 'POST', headers: { 'tus-resumable': '1.0.0', 'upload-length': String(length), 'upload-metadata': encodeMetadata({ filename, kind: 'user-box' }) } })

  it('accepts only as many 2 GiB uploads as the 20 GB quota holds when eleven start together', async () => {
    const answers = await Promise.all(Array.from({ length: 11 }, (_, i) => create(client, `mesh-${i}.step`)))
    const statuses = answers.map((a) => a.status)
    const fit = Math.floor(QUOTA / TWO_GIB) // 9
    expect(statuses.filter((s) => s === 201)).toHaveLength(fit)
    expect(statuses.filter((s) => s === 413)).toHaveLength(11 - fit)
    for (const refused of answers.filter((a) => a.status === 413)) expect(await refused.text()).toBe(QUOTA_MESSAGE)

    // A cancelled upload gives its room back at once; another client's quota was never touched.
    const accepted = answers.find((a) => a.status === 201)!
    expect((await create(client, 'one-more.step')).status).toBe(413)
    const cancelled = await client.fetch(accepted.headers.get('location')!, { method: 'DELETE', headers: { 'tus-resumable': '1.0.0' } })
    expect(cancelled.status).toBe(204)
    expect((await create(client, 'one-more.step')).status).toBe(201)
    const other = await signUpAndVerify(portal, 'parallel-other@example.test')
    expect((await create(other, 'theirs.step')).status).toBe(201)
  })
})
