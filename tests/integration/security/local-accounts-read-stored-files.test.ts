import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpAndVerify, userIdOf } from '../portal/support/accounts'
import type { HttpClient } from '../portal/support/http-client'
import { startPortalServer, type PortalServer } from '../portal/support/portal-server'
import { encodeMetadata, PDF_BYTES, tusUpload } from '../portal/support/tus-upload'

const modeOf = (p: string) => statSync(p).mode & 0o777

/**
 * Another account on the same machine reading clients' documents, partial uploads or the session
 * secret straight from DATA_DIR. Everything the server creates there is 0600 in 0700 folders, even
 * when the process runs with a permissive umask (here 000, which would otherwise give 0666/0777).
 */
describe('other local accounts cannot read what the server stores under DATA_DIR', () => {
  let portal: PortalServer
  let client: HttpClient
  let clientId: string
  let previousUmask: number

  beforeAll(async () => {
    previousUmask = process.umask(0o000)
    portal = await startPortalServer()
    client = await signUpAndVerify(portal, 'client@example.test')
    clientId = await userIdOf(client)
  })
  afterAll(async () => {
    process.umask(previousUmask)
    await portal?.close()
  })

  it('stores finished files 0600 in 0700 folders', async () => {
    const up = await tusUpload(client, PDF_BYTES, { filename: 'contract.pdf', kind: 'user-box' })
    expect(up.status).toBe(204)
    const files = path.join(portal.dataDir, 'files')
    for (const dir of [files, path.join(files, 'user-box'), path.join(files, 'user-box', clientId)]) expect(modeOf(dir).toString(8), dir).toBe('700')
    expect(modeOf(path.join(files, 'user-box', clientId, 'contract.pdf')).toString(8)).toBe('600')
  })

  it('keeps partial uploads 0600 in a 0700 folder', async () => {
    const created = await client.fetch('/uploads', {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': String(PDF_BYTES.length), 'upload-metadata': encodeMetadata({ filename: 'half.pdf', kind: 'user-box' }) },
    })
    expect(created.status).toBe(201)
    await client.fetch(created.headers.get('location')!, {
      method: 'PATCH',
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(PDF_BYTES.subarray(0, 10)),
    })
    const uploads = path.join(portal.dataDir, 'uploads')
    expect(modeOf(uploads).toString(8)).toBe('700')
    const partial = readdirSync(uploads)
    expect(partial.length).toBe(1)
    for (const name of partial) expect(modeOf(path.join(uploads, name)).toString(8), name).toBe('600')
  })

  it('keeps the generated session secret 0600', () => {
    expect(modeOf(path.join(portal.dataDir, 'auth-secret')).toString(8)).toBe('600')
  })
})
