import { expect } from 'vitest'

/** The one PDF attached to a raw mail: its file name and its bytes (base64 as nodemailer writes it). */
export function pdfAttachmentOf(raw: string): { filename: string; pdf: Buffer } {
  const parts = [...raw.matchAll(/Content-Type: application\/pdf;[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*\r?\n((?:[^\r\n]+\r?\n)*?)\r?\n([A-Za-z0-9+/=\r\n]+)/g)]
  expect(parts).toHaveLength(1)
  const [part] = parts as [RegExpMatchArray]
  const filename = /filename="?([^";\r\n]+)"?/.exec(part[0])?.[1] ?? ''
  return { filename, pdf: Buffer.from(part[2]!.replace(/\s/g, ''), 'base64') }
}
