import { takeDownload } from './early-download'

/** Why a preview cannot be shown, in words for the person who opened it. */
export class PreviewError extends Error {}

export const CORRUPT_MESSAGE = 'This file could not be read as a model. It may be damaged or in a version the viewer does not know; download it to open it in your CAD program.'
/** Why a DXF drawing is not shown: it could not be read, or it draws nothing. */
export const DRAWING_CORRUPT_MESSAGE = CORRUPT_MESSAGE.replace('as a model', 'as a drawing')

/**
 * A stored file's bytes through the same authorised /files/ path as a download, with its progress
 * (0..1, told in whole per cent and always ending with 1).
 */
export async function fetchFile(url: string, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<ArrayBuffer> {
  try {
    return await download(url, onProgress, signal)
  } catch (error) {
    if (error instanceof PreviewError || signal.aborted) throw error
    // The connection failed or broke off.
    throw new PreviewError(DOWNLOAD_FAILED_MESSAGE)
  }
}

const DOWNLOAD_FAILED_MESSAGE = 'The file could not be downloaded. Please try again.'

async function download(url: string, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<ArrayBuffer> {
  const response = await (takeDownload(url, signal) ?? fetch(url, { signal, credentials: 'same-origin' }))
  if (response.status === 401 || response.status === 403) throw new PreviewError('You are not allowed to open this file.')
  if (!response.ok || !response.body) throw new PreviewError(DOWNLOAD_FAILED_MESSAGE)
  const total = Number(response.headers.get('content-length')) || 0
  const reader = response.body.getReader()
  // Each piece is copied into place as it arrives (the stated length is the body's when it is not
  // compressed on the way): joining fifty megabytes at the end would hold the page for one long task.
  let bytes = new Uint8Array(total)
  let received = 0
  let told = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    if (received + value.byteLength > bytes.byteLength) {
      const grown = new Uint8Array(Math.max(bytes.byteLength * 2, received + value.byteLength))
      grown.set(bytes.subarray(0, received))
      bytes = grown
    }
    bytes.set(value, received)
    received += value.byteLength
    // Told in whole per cent (at most a hundred times): a large file arrives in hundreds of pieces, and
    // telling each one would draw the page as many times.
    const percent = total ? Math.min(100, Math.floor((received / total) * 100)) : 0
    if (percent > told) {
      told = percent
      onProgress(percent / 100)
    }
  }
  // The end is told once whatever was known of the length.
  if (told < 100) onProgress(1)
  return received === bytes.byteLength ? bytes.buffer : bytes.slice(0, received).buffer
}
