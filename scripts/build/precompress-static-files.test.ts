import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { tempDirsForEachTest } from '../../tests/setup/temp-dirs'
import { LARGE_FILE_BYTES, precompressStaticFiles } from './precompress-static-files'

describe('precompressStaticFiles', () => {
  const newDir = tempDirsForEachTest('precompress-')

  it('writes brotli and gzip copies of the text files that decode to the same bytes, and leaves the rest', async () => {
    const dir = newDir()
    mkdirSync(path.join(dir, 'about'))
    mkdirSync(path.join(dir, 'assets'))
    const page = `<!DOCTYPE html><html><body>${'<p>Finite element analysis of a bracket.</p>'.repeat(100)}</body></html>`
    const script = `export const rates = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ service: 'CFD', rate: 85, i })))}`
    writeFileSync(path.join(dir, 'about/index.html'), page)
    writeFileSync(path.join(dir, 'assets/entry-abc123.js'), script)
    writeFileSync(path.join(dir, 'assets/tiny-abc123.js'), 'export {}')
    writeFileSync(path.join(dir, 'assets/font-abc123.woff2'), Buffer.alloc(4096, 7))

    const result = await precompressStaticFiles(dir)

    expect(result.files).toBe(2)
    expect(result.bytes).toBe(page.length + script.length)
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'about/index.html.br'))).toString()).toBe(page)
    expect(gunzipSync(readFileSync(path.join(dir, 'about/index.html.gz'))).toString()).toBe(page)
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'assets/entry-abc123.js.br'))).toString()).toBe(script)
    expect(readdirSync(path.join(dir, 'assets')).sort()).toEqual(['entry-abc123.js', 'entry-abc123.js.br', 'entry-abc123.js.gz', 'font-abc123.woff2', 'tiny-abc123.js'])
    expect(result.brotliBytes).toBeLessThan(result.gzipBytes)
    expect(result.gzipBytes).toBeLessThan(result.bytes / 4)
  })

  it('uses brotli quality 11 for what a page loads, and 10 for the large files a preview fetches', async () => {
    const dir = newDir()
    // Text that does not repeat in short runs, so the two qualities give different bytes.
    let seed = 1
    const words = () => Array.from({ length: 40 }, () => ((seed = (seed * 48271) % 2147483647) % 100000).toString(36)).join(' ')
    let large = ''
    while (large.length < LARGE_FILE_BYTES) large += `export const part = "${words()}";\n`
    const small = large.slice(0, 64 * 1024)
    writeFileSync(path.join(dir, 'viewer-engine.js'), large)
    writeFileSync(path.join(dir, 'page-chunk.js'), small)

    await precompressStaticFiles(dir)

    const brotliAt = (text: string, quality: number) => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: text.length } })
    expect(readFileSync(path.join(dir, 'page-chunk.js.br')).equals(brotliAt(small, 11))).toBe(true)
    expect(readFileSync(path.join(dir, 'viewer-engine.js.br')).equals(brotliAt(large, 10))).toBe(true)
    // The two qualities give different bytes for such text, so each check names the quality used.
    expect(brotliAt(small, 10).equals(brotliAt(small, 11))).toBe(false)
    // Brotli's top qualities on a megabyte take seconds of one core, more on a busy machine.
  }, 60_000)
})
