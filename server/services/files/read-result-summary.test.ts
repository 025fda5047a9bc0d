import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { createDiskBlobStore } from '../../storage/blobs/disk-blob-store'
import { readResultSummary, resultReadGate } from './read-result-summary'

const root = mkdtempSync(path.join(os.tmpdir(), 'result-reads-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('readResultSummary', () => {
  it('reads results that finish together one at a time, and each gets its own key numbers', async () => {
    const blobs = createDiskBlobStore(root)
    const names = ['beam-series-1.vtu', 'beam-series-2.vtu', 'beam-series-3.vtu', 'cantilever-binary-zlib.vtu']
    const stored = await Promise.all(
      names.map(async (name) => {
        const bytes = readFileSync(`tests/fixtures/simulation-results/${name}`)
        await blobs.put(`results/${name}`, Readable.from([bytes]), { contentType: 'application/octet-stream' })
        return { name, size: bytes.length }
      }),
    )
    resultReadGate.resetPeak()
    const summaries = await Promise.all(stored.map(({ name, size }) => readResultSummary({ blobs, path: `results/${name}`, fileName: name, size })))
    expect(resultReadGate.peak).toBe(1)
    // The series' steps carry the load one, two and three times over: their stresses scale with it.
    const greatestStress = summaries.map((s) => s!.fields.find((f) => f.name === 'von_mises')!.max.value)
    expect(greatestStress).toEqual([49, 98, 147, 49])
    expect(resultReadGate.active).toBe(0)
  })
})
