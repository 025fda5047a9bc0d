import { viewerParserOf } from '../../../lib/file-types'
import type { ModelBox } from '../../../lib/model-box'
import type { DownloadMessage, DownloadRequest } from './download-protocol'
import { answerError, DOWNLOAD_FAILED_MESSAGE, PreviewError } from './fetch-file'

/**
 * A model's download, made by the download worker so that its bytes never pass through the page's
 * thread. The press on a Preview button starts it while the viewer's code is still on its way (a few
 * hundred milliseconds, more on a slow link), and the viewer takes it up when it starts, so the two
 * arrive together; a download nobody takes up (the dialog closed first) is stopped after a while.
 */

/** How long a started download waits for the viewer before it is stopped. */
const UNCLAIMED_MS = 15_000

let worker: Worker | null = null
let nextId = 1
const running = new Map<number, WorkerDownload>()

function downloadWorker(): Worker {
  if (worker) return worker
  worker = new Worker(new URL('./download.worker.ts', import.meta.url))
  worker.onmessage = (event: MessageEvent<DownloadMessage>) => running.get(event.data.id)?.receive(event.data)
  // A worker that could not start (its script not loaded) answers nothing: its downloads fail, and the
  // next one starts a new worker.
  worker.onerror = () => {
    worker = null
    for (const download of running.values()) download.receive({ id: download.id, type: 'failed' })
  }
  return worker
}

export class WorkerDownload {
  private readonly queue: DownloadMessage[] = []
  private wake: (() => void) | null = null
  private stopped = false

  constructor(readonly id: number) {}

  /** A message from the worker, kept until the reader asks for it. */
  receive(message: DownloadMessage) {
    this.queue.push(message)
    this.wake?.()
  }

  /** Stops the download (the worker lets its connection go); a reader waiting on it is told so. */
  stop() {
    if (this.stopped) return
    this.stopped = true
    running.delete(this.id)
    worker?.postMessage({ type: 'stop', id: this.id } satisfies DownloadRequest)
    this.wake?.()
  }

  /** Ties the download to a reader's signal: when the reader stops, so does it. */
  follow(signal: AbortSignal) {
    if (signal.aborted) this.stop()
    else signal.addEventListener('abort', () => this.stop(), { once: true })
  }

  private async next(): Promise<DownloadMessage> {
    for (;;) {
      if (this.stopped) throw new DOMException('aborted', 'AbortError')
      const message = this.queue.shift()
      if (message) return message
      await new Promise<void>((resolve) => (this.wake = resolve))
      this.wake = null
    }
  }

  /**
   * The answer: the model's box when the worker cuts the body into pieces, else null. Throws a
   * PreviewError for a refusal or a failed answer (the worker then sends nothing more); call it
   * inside `whileDownloading`.
   */
  async opened(): Promise<ModelBox | null> {
    const message = await this.next()
    const error = message.type === 'answer' ? answerError(message.status) : new PreviewError(DOWNLOAD_FAILED_MESSAGE)
    if (error) {
      running.delete(this.id)
      throw error
    }
    return message.type === 'answer' ? message.box : null
  }

  /** The body after `opened` answered no box, whole, with its progress (0..1, in whole per cent, ending with 1). */
  async whole(onProgress: (fraction: number) => void): Promise<ArrayBuffer> {
    const data = await this.read(onProgress)
    if (!data) throw new Error('the download ended without its body')
    return data
  }

  /** The body after `opened` answered a box, in pieces handed to `onPiece` in order, with its progress. */
  async pieces(onProgress: (fraction: number) => void, onPiece: (piece: ArrayBuffer) => void): Promise<void> {
    await this.read(onProgress, onPiece)
  }

  /**
   * Reads the worker's messages until the download ends, answering the whole body when it came so;
   * throws when the connection failed or the body was not what its answer said. Call it inside
   * `whileDownloading`.
   */
  private async read(onProgress: (fraction: number) => void, onPiece?: (piece: ArrayBuffer) => void): Promise<ArrayBuffer | null> {
    let whole: ArrayBuffer | null = null
    for (;;) {
      const message = await this.next()
      if (message.type === 'progress') onProgress(message.fraction)
      else if (message.type === 'piece') onPiece?.(message.data)
      else if (message.type === 'whole') whole = message.data
      else {
        running.delete(this.id)
        if (message.type === 'end') return whole
        throw new Error('the download failed')
      }
    }
  }
}

/** Starts downloading a file in the download worker; a large binary STL whose download says its box comes in pieces. */
function downloadInWorker(url: string, fileName: string): WorkerDownload {
  const download = new WorkerDownload(nextId++)
  running.set(download.id, download)
  const cutStl = viewerParserOf(fileName) === 'three-stl'
  downloadWorker().postMessage({ type: 'start', id: download.id, url, cutStl } satisfies DownloadRequest)
  return download
}

const waiting = new Map<string, { download: WorkerDownload; timer: ReturnType<typeof setTimeout> }>()

/** Starts downloading a file the viewer is about to read (once per file while it waits). */
export function startDownload(url: string, fileName: string) {
  if (waiting.has(url)) return
  const download = downloadInWorker(url, fileName)
  const timer = setTimeout(() => {
    waiting.delete(url)
    download.stop()
  }, UNCLAIMED_MS)
  waiting.set(url, { download, timer })
}

/** The file's download: the one a press started, once, or a new one; stopped with `signal`. */
export function takeDownload(url: string, fileName: string, signal: AbortSignal): WorkerDownload {
  const early = waiting.get(url)
  waiting.delete(url)
  if (early) clearTimeout(early.timer)
  const download = early?.download ?? downloadInWorker(url, fileName)
  download.follow(signal)
  return download
}
