/// <reference lib="webworker" />
import { arrivingStlBox, cutArrivingStl } from './arriving-stl'
import type { DownloadMessage, DownloadRequest } from './download-protocol'
import { readDownload } from './fetch-file'

/**
 * Downloads the files the viewer reads, off the page's thread: fifty megabytes arriving over a fast
 * link is hundreds of pieces, and each piece handed to the page's thread holds it. The page gets the
 * body whole, or cut into pieces it can draw as they come, each transferred without a copy.
 */
declare const self: DedicatedWorkerGlobalScope

const running = new Map<number, AbortController>()

function tell(message: DownloadMessage, transfer: Transferable[] = []) {
  self.postMessage(message, transfer)
}

async function download({ id, url, cutStl }: Extract<DownloadRequest, { type: 'start' }>, signal: AbortSignal) {
  const response = await fetch(url, { credentials: 'same-origin', signal })
  const box = cutStl && response.ok ? arrivingStlBox(response) : null
  tell({ id, type: 'answer', status: response.status, box })
  if (!response.ok) {
    await response.body?.cancel()
    return
  }
  // An answer of the file with no body is a failed download (the catch below tells it).
  if (!response.body) throw new Error('no body')
  const body = response as Response & { body: ReadableStream<Uint8Array> }
  const progress = (fraction: number) => tell({ id, type: 'progress', fraction })
  if (box) await cutArrivingStl(body.body, box.triangles, (data) => tell({ id, type: 'piece', data }, [data]), progress)
  else {
    const data = await readDownload(body, progress)
    tell({ id, type: 'whole', data }, [data])
  }
  tell({ id, type: 'end' })
}

self.onmessage = (event: MessageEvent<DownloadRequest>) => {
  const request = event.data
  if (request.type === 'stop') {
    running.get(request.id)?.abort()
    running.delete(request.id)
    return
  }
  const abort = new AbortController()
  running.set(request.id, abort)
  download(request, abort.signal)
    .catch(() => {
      if (!abort.signal.aborted) tell({ id: request.id, type: 'failed' })
    })
    .finally(() => running.delete(request.id))
}
