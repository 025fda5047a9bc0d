import { nextTask } from './next-task'

/** Why a preview cannot be shown, in words for the person who opened it. */
export class PreviewError extends Error {}

export const CORRUPT_MESSAGE = 'This file could not be read as a model. It may be damaged or in a version the viewer does not know; download it to open it in your CAD program.'
/** Why a DXF drawing is not shown: it could not be read, or it draws nothing. */
export const DRAWING_CORRUPT_MESSAGE = CORRUPT_MESSAGE.replace('as a model', 'as a drawing')

export const DOWNLOAD_FAILED_MESSAGE = 'The file could not be downloaded. Please try again.'

/** Why an answer to a file's download is not the file, in the viewer's words; null when it is. */
export function answerError(status: number): PreviewError | null {
  if (status === 401 || status === 403) return new PreviewError('You are not allowed to open this file.')
  if (status < 200 || status > 299) return new PreviewError(DOWNLOAD_FAILED_MESSAGE)
  return null
}

/**
 * Runs a step of a download with its failures told in the viewer's words: a refusal and a failed
 * answer as they are, a connection that failed or broke off as "could not be downloaded".
 */
export async function whileDownloading<T>(signal: AbortSignal, step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    if (error instanceof PreviewError || signal.aborted) throw error
    throw new PreviewError(DOWNLOAD_FAILED_MESSAGE)
  }
}

/**
 * A stored file's answer through the same authorised /files/ path as a download, its body not yet
 * read. Throws a PreviewError for a refusal or a failed answer; call it inside `whileDownloading`.
 */
export async function openDownload(url: string, signal: AbortSignal): Promise<Response & { body: ReadableStream<Uint8Array> }> {
  const response = await fetch(url, { signal, credentials: 'same-origin' })
  const error = answerError(response.status)
  if (error) throw error
  if (!response.body) throw new PreviewError(DOWNLOAD_FAILED_MESSAGE)
  return response as Response & { body: ReadableStream<Uint8Array> }
}

/**
 * Tells a download's progress (0..1) in whole per cent, at most a hundred times (a large file arrives
 * in hundreds of pieces, and telling each one would draw the page as many times); `end` tells 1 once
 * whatever was known of the length.
 */
export function progressTeller(total: number, onProgress: (fraction: number) => void) {
  let told = 0
  return {
    received(bytes: number) {
      const percent = total ? Math.min(100, Math.floor((bytes / total) * 100)) : 0
      if (percent > told) {
        told = percent
        onProgress(percent / 100)
      }
    },
    end() {
      if (told < 100) onProgress(1)
      told = 100
    },
  }
}

/** The longest a loop over a download's pieces runs before it lets the page go on, in milliseconds. */
const READ_SLICE_MS = 10

/**
 * Lets the page's other work run between pieces of a download when they have kept it busy for
 * READ_SLICE_MS: pieces that were waiting (a download started before the viewer's code had come) are
 * all handed over at once, and copying them in one go would hold the page for one long task.
 */
export function pauser(): () => Promise<void> {
  let since = performance.now()
  return async () => {
    if (performance.now() - since < READ_SLICE_MS) return
    await nextTask()
    since = performance.now()
  }
}

/** A download's whole body in one buffer, with its progress. Call it inside `whileDownloading`. */
export async function readDownload(response: Response & { body: ReadableStream<Uint8Array> }, onProgress: (fraction: number) => void): Promise<ArrayBuffer> {
  const total = Number(response.headers.get('content-length')) || 0
  const reader = response.body.getReader()
  const progress = progressTeller(total, onProgress)
  // Each piece is copied into place as it arrives (the stated length is the body's when it is not
  // compressed on the way): joining fifty megabytes at the end would hold the page for one long task.
  let bytes = new Uint8Array(total)
  let received = 0
  const pause = pauser()
  for (;;) {
    await pause()
    const { done, value } = await reader.read()
    if (done) break
    if (received + value.byteLength > bytes.byteLength) {
      const grown = new Uint8Array(Math.max(bytes.byteLength * 2, received + value.byteLength))
      grown.set(bytes.subarray(0, received))
      bytes = grown
    }
    bytes.set(value, received)
    received += value.byteLength
    progress.received(received)
  }
  progress.end()
  return received === bytes.byteLength ? bytes.buffer : bytes.slice(0, received).buffer
}

/**
 * A stored file's bytes through the same authorised /files/ path as a download, with its progress
 * (0..1, told in whole per cent and always ending with 1).
 */
export function fetchFile(url: string, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<ArrayBuffer> {
  return whileDownloading(signal, async () => readDownload(await openDownload(url, signal), onProgress))
}
