import { beforeAll, describe, expect, it } from 'vitest'
import { acceptAttribute, fileNameRefusal, type UploadArea } from '../../../lib/file-types'
import { signUpAndVerify, userIdOf } from './support/accounts'
import type { HttpClient } from './support/http-client'
import { portalServerForSuite } from './support/portal-server'
import { encodeMetadata } from './support/tus-upload'

/**
 * What the browser offers, the server accepts: every extension a picker's `accept` lists is taken
 * when the upload is created, and a name the browser's check refuses is refused by the server with
 * the same words. Both read lib/file-types.ts.
 */
describe('the upload pickers offer exactly what the server accepts', () => {
  const portal = portalServerForSuite()
  let client: HttpClient
  let userId: string
  let jobId: string

  beforeAll(async () => {
    client = await signUpAndVerify(portal, 'picker@example.test')
    userId = await userIdOf(client)
    jobId = (await client.gql<{ createJobRequests: { id: string } }>('mutation { createJobRequests(input: { job: "x" }) { id } }')).data!.createJobRequests.id
  })

  const create = async (area: UploadArea, filename: string) => {
    const target: Record<string, string> = area === 'job-files' ? { jobRequestId: jobId } : area === 'picture-submissions' ? {} : { ownerId: userId }
    const res = await client.fetch('/uploads', {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '16', 'upload-metadata': encodeMetadata({ filename, kind: area, ...target }) },
    })
    return { status: res.status, body: await res.text() }
  }

  it.each(['profile-pictures', 'user-box', 'job-files', 'picture-submissions'] as const)('%s: every offered type is taken, others are refused in the browser’s words', async (area) => {
    for (const ext of acceptAttribute(area).split(',')) expect((await create(area, `sample${ext}`)).status, ext).toBe(201)
    for (const name of ['drawing.svg', 'photo.heic', 'clip.mkv', 'tool.exe', 'scan.tiff']) {
      const refused = await create(area, name)
      expect(refused, name).toEqual({ status: 415, body: fileNameRefusal(area, name) })
    }
  })
})
