import { inflateSync } from 'node:zlib'

/**
 * The text drawn in a PDF made with the standard fonts (as PDFKit writes it): each content stream
 * inflated, each TJ array's hex strings joined into one run, runs on separate lines. Enough to read
 * what a document says; not a general PDF parser.
 */
export function pdfText(pdf: Buffer): string {
  const runs: string[] = []
  let at = 0
  for (;;) {
    const start = pdf.indexOf('stream\n', at)
    if (start < 0) break
    const end = pdf.indexOf('\nendstream', start)
    if (end < 0) break
    const raw = pdf.subarray(start + 'stream\n'.length, end)
    at = end + 1
    let content: string
    try {
      content = inflateSync(raw).toString('latin1')
    } catch {
      content = raw.toString('latin1')
    }
    for (const array of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g)) {
      runs.push([...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''))
    }
  }
  return runs.join('\n')
}
