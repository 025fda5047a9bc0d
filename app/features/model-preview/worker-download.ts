import type { ModelBox } from '../../../lib/model-box'
import type { DownloadMessage, DownloadRequest } from './download-protocol'
import { DOWNLOAD_FAILED_MESSAGE, NOT_ALLOWED_MESSAGE, PreviewError } from './fetch-file'

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
  return worker
}

export class WorkerDownload {
  private readonly queue: DownloadMessage[] = []
  private wake: (() => void) | null = null
  private stopped = false

  constructor(
    readonly id: number,
    readonly url: string,
  ) {}

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
   * PreviewError for a refusal or a failed answer; call it inside `whileDownloading`.
   */
  async opened(): Promise<ModelBox | null> {
    const message = await this.next()
    // A refused or failed answer ends the download (the worker sends nothing more).
    if (message.type !== 'answer' || message.status < 200 || message.status > 299) running.delete(this.id)
    if (message.type !== 'answer') throw new PreviewError(DOWNLOAD_FAILED_MESSAGE)
    if (message.status === 401 || message.status === 403) throw new PreviewError(NOT_ALLOWED_MESSAGE)
    if (message.status < 200 || message.status > 299) throw new PreviewError(DOWNLOAD_FAILED_MESSAGE)
    return message.box
  }

  /**
   * The body after `opened`, with its progress (0..1, in whole per cent, ending with 1): whole, or
   * null when it came in pieces, each handed to `onPiece` in order. Throws when the connection failed
   * or the body was not what its answer said; call it inside `whileDownloading`.
   */
  async body(onProgress: (fraction: number) => void, onPiece?: (piece: ArrayBuffer) => void): Promise<ArrayBuffer | null> {
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

/**
 * Starts downloading a file in the download worker. `cutStl`: a large binary STL whose download says
 * its box comes in pieces to draw as they arrive.
 */
export function downloadInWorker(url: string, cutStl: boolean): WorkerDownload {
  const download = new WorkerDownload(nextId++, url)
  running.set(download.id, download)
  downloadWorker().postMessage({ type: 'start', id: download.id, url, cutStl } satisfies DownloadRequest)
  return download
}

const waiting = new Map<string, { download: WorkerDownload; timer: ReturnType<typeof setTimeout> }>()

/** Starts downloading a file the viewer is about to read (once per file while it waits). */
export function startDownload(url: string, cutStl: boolean) {
  if (waiting.has(url)) return
  const download = downloadInWorker(url, cutStl)
  const timer = setTimeout(() => {
    waiting.delete(url)
    download.stop()
  }, UNCLAIMED_MS)
  waiting.set(url, { download, timer })
}

/**
 * The file's download: the one a press started, once, or a new one; stopped with `signal`.
 */
export function takeDownload(url: string, cutStl: boolean, signal: AbortSignal): WorkerDownload {
  const early = waiting.get(url)
  waiting.delete(url)
  if (early) clearTimeout(early.timer)
  const download = early?.download ?? downloadInWorker(url, cutStl)
  download.follow(signal)
  return download
}
