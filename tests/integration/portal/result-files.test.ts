import { readFileSync } from 'node:fs'
import http from 'node:http'
import { beforeAll, describe, expect, it } from 'vitest'
import type { JobFileView } from '../../../lib/job-view'
import { stlCubeBinary } from '../../fixtures/cad-files'
import { hexCubeVtu } from '../../fixtures/hex-cube-result'
import { portalWithAccounts } from './support/portal-with-accounts'
import { encodeMetadata, PNG_1PX, tusUpload } from './support/tus-upload'

const fixture = (name: string) => readFileSync(`tests/fixtures/simulation-results/${name}`)

/**
 * Simulation results in a job's folder: each result's key numbers are read when its upload completes
 * and come with the job's page, renewed when the file is replaced; a series reads its steps as the
 * files its uploader put beside it, and never gets a thumbnail, as any model that names other files.
 */
describe('simulation results on a job', () => {
  const { portal, accounts } = portalWithAccounts({ ADMIN_EMAILS: 'results-admin@example.test' }, { client: 'results@example.test', other: 'results-other@example.test', admin: 'results-admin@example.test' })
  let jobId: string

  const upload = async (as: keyof typeof accounts, name: string, bytes: Buffer, job = jobId) => {
    const r = await tusUpload(accounts[as], bytes, { filename: name, kind: 'job-files', jobRequestId: job })
    expect(r.status, r.body).toBe(204)
  }
  const files = async () => ((await (await accounts.admin.fetch(`/profile/jobs/${jobId}/view`)).json()) as { view: { files: JobFileView[] } }).view.files
  const file = async (name: string) => (await files()).find((f) => f.name === name)!

  beforeAll(async () => {
    jobId = (await accounts.client.gql<{ createJobRequests: { id: string } }>('mutation { createJobRequests(input: { job: "Cantilever FEA" }) { id } }')).data!.createJobRequests.id
    await upload('client', 'beam.vtu', fixture('cantilever-binary-zlib.vtu'))
    await upload('client', 'beam.stl', stlCubeBinary(10))
    await upload('client', 'series.pvd', fixture('beam-series.pvd'))
    await upload('client', 'beam-series-1.vtu', fixture('beam-series-1.vtu'))
  })

  it("carries each field's extremes and where they are, read at upload, and renews them with the file", async () => {
    const beam = await file('beam.vtu')
    expect(beam.keyNumbers).toMatchObject({ points: 189, cells: 80 })
    const vonMises = beam.keyNumbers!.fields.find((f) => f.name === 'von_mises')!
    // 0.5 (100 - xc) + 0.1 |zc - 5|: least at the free end (xc = 97.5), greatest at the fixed one.
    expect([vonMises.min.value, vonMises.min.at[0], vonMises.max.value, vonMises.max.at[0]]).toEqual([1.5, 97.5, 49, 2.5])
    expect((await file('beam.stl')).keyNumbers).toBeNull()
    expect((await file('series.pvd')).keyNumbers).toBeNull()

    // The same name, the beam at three times its load.
    await upload('client', 'beam.vtu', fixture('beam-series-3.vtu'))
    const renewed = (await file('beam.vtu')).keyNumbers!.fields.find((f) => f.name === 'von_mises')!
    expect([renewed.min.value, renewed.max.value]).toEqual([4.5, 147])
  })

  it("reads a series' steps only as its uploader's files beside it, and gives a series no thumbnail", async () => {
    const step = await accounts.admin.fetch(`/files/job-files/${jobId}/series.pvd?reference=beam-series-1.vtu`)
    expect(step.status).toBe(200)
    expect(Buffer.from(await step.arrayBuffer())).toEqual(fixture('beam-series-1.vtu'))
    // A step the consultancy added beside the client's series is not part of what the client uploaded.
    await upload('admin', 'beam-series-2.vtu', fixture('beam-series-2.vtu'))
    expect((await accounts.admin.fetch(`/files/job-files/${jobId}/series.pvd?reference=beam-series-2.vtu`)).status).toBe(403)
    expect((await accounts.other.fetch(`/files/job-files/${jobId}/series.pvd?reference=beam-series-1.vtu`)).status).toBe(403)

    const thumbnail = (name: string) => accounts.client.fetch(`/thumbnails/job-files/${jobId}/${name}`, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(PNG_1PX) })
    expect((await thumbnail('series.pvd')).status).toBe(400)
    expect((await thumbnail('beam.vtu')).status).toBe(204)
  })

  it('reads the key numbers of a result of over 40 MB, off the thread that answers, which goes on answering meanwhile', async () => {
    const n = 85
    const vtu = hexCubeVtu(n)
    expect(vtu.length).toBeGreaterThan(40e6)
    const client = accounts.client
    const created = await client.fetch('/uploads', {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': String(vtu.length), 'upload-metadata': encodeMetadata({ filename: 'large-cube.vtu', kind: 'job-files', jobRequestId: jobId }) },
    })
    expect(created.status).toBe(201)
    // The whole body in one PATCH; once it is sent, the server stores the file and reads its numbers
    // before it answers. Meanwhile the health check is asked again and again.
    let bodySent = false
    const finished = new Promise<number>((resolve, reject) => {
      const request = http.request(new URL(created.headers.get('location')!, client.baseUrl), {
        method: 'PATCH',
        headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(vtu.length), origin: client.baseUrl, cookie: client.cookieHeader },
      })
      request.on('response', (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode!))
      })
      request.on('error', reject)
      request.end(vtu, () => (bodySent = true))
    })
    let done = false
    void finished.finally(() => (done = true))
    let answeredWhileFinishing = 0
    while (!done) {
      const health = await fetch(`${portal.url}/healthz`)
      await health.arrayBuffer()
      if (bodySent && !done && health.ok) answeredWhileFinishing++
      await new Promise((r) => setTimeout(r, 5))
    }
    expect(await finished).toBe(204)
    expect(answeredWhileFinishing).toBeGreaterThan(0)

    // Worked out from the formulas the file was made with (stored as 32-bit floats), not read back:
    // the stress 0.5 (n - xc) + 0.1 |zc - n/2| on cells, the displacement 1e-6 x² (3n - x) down on points.
    const large = (await file('large-cube.vtu')).keyNumbers!
    expect(large).toMatchObject({ points: (n + 1) ** 3, cells: n ** 3 })
    const stress = large.fields.find((f) => f.name === 'von_mises')!
    const stressAt = (x: number, z: number) => Math.fround(0.5 * (n - x - 0.5) + 0.1 * Math.abs(z + 0.5 - n / 2))
    // Least at the last column of cells, in the middle layer; greatest at the first column, bottom layer (met first).
    expect(stress.min.value).toBe(stressAt(n - 1, (n - 1) / 2))
    expect(stress.min.at).toEqual([n - 0.5, 0.5, n / 2])
    expect(stress.max.value).toBe(stressAt(0, 0))
    expect(stress.max.at).toEqual([0.5, 0.5, 0.5])
    const displacement = large.fields.find((f) => f.name === 'displacement')!
    expect(displacement.min.value).toBe(0)
    expect(displacement.max.value).toBe(Math.fround(1e-6 * n * n * (3 * n - n)))
    expect(displacement.max.at).toEqual([n, 0, 0])
  })
})
