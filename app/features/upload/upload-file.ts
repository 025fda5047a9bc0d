import type { DetailedError } from 'tus-js-client'

/**
 * A resumable upload through the server's tus endpoint. The browser sends the file in chunks; a
 * dropped connection is retried from the offset the server confirms (HEAD), so only the missing
 * bytes travel again. The same file picked again after a reload resumes too (the upload URL is
 * kept in local storage under a fingerprint that includes the destination). An upload cut off because
 * the browser went offline does not give up: it waits for the browser's `online` event, however long
 * that takes, then asks the server for the confirmed offset and sends the rest.
 */
export interface UploadFileOptions {
  endpoint: string
  /** Sent as Upload-Metadata: tells the server where the file belongs (it checks the permission). */
  metadata: Record<string, string>
  onProgress?: (percent: number, bytesSent: number, bytesTotal: number) => void
  /**
   * Told when the browser goes offline during the upload (`false`: the upload waits for the
   * connection) and when it is back and the upload carries on (`true`).
   */
  onConnection?: (online: boolean) => void
  signal?: AbortSignal
  /** Bytes per PATCH request. */
  chunkSize?: number
  retryDelays?: number[]
}

export interface UploadFileResult {
  /** The tus upload URL (the server's id of this upload). */
  uploadUrl: string | null
  /** Where the server stored the file (the Upload-Path header of its last answer, percent-decoded). */
  storagePath: string
}

export const UNCONFIRMED_MESSAGE = 'The upload could not be confirmed. Please try again.'

export class UploadFailedError extends Error {
  constructor(
    message: string,
    public readonly status: number | null,
  ) {
    super(message)
    this.name = 'UploadFailedError'
  }
}

export const defaultChunkSize = 8 * 1024 * 1024
/** A network drop is retried for about a minute and a half before the upload gives up. */
export const defaultRetryDelays = [0, 1000, 3000, 5000, 10000, 20000, 30000]

export async function uploadFile(file: File, options: UploadFileOptions): Promise<UploadFileResult> {
  const { endpoint, metadata, onProgress, onConnection, signal } = options
  // The tus client is fetched on the first upload, not with the page.
  const tus = await import('tus-js-client')
  return new Promise<UploadFileResult>((resolve, reject) => {
    let waiting = false
    /** The upload stopped on a lost connection and waits to be started again. */
    let stopped = false
    const setWaiting = (value: boolean) => {
      if (waiting === value) return
      waiting = value
      onConnection?.(!value)
    }
    const onOffline = () => setWaiting(true)
    const onOnline = () => {
      if (signal?.aborted) return
      setWaiting(false)
      if (!stopped) return
      stopped = false
      // From the offset the server confirms (HEAD): only the missing bytes travel again.
      upload.start()
    }
    const cleanUp = () => {
      signal?.removeEventListener('abort', onAbort)
      window.removeEventListener('offline', onOffline)
      window.removeEventListener('online', onOnline)
    }
    const upload = new tus.Upload(file, {
      endpoint,
      metadata: { filename: file.name, filetype: file.type || 'application/octet-stream', ...metadata },
      chunkSize: options.chunkSize ?? defaultChunkSize,
      retryDelays: options.retryDelays ?? defaultRetryDelays,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      fingerprint: async (f: File) => ['meshwork-upload', endpoint, JSON.stringify(metadata), f.name, f.type, f.size, f.lastModified].join('|'),
      onProgress(bytesSent, bytesTotal) {
        setWaiting(false)
        onProgress?.(bytesTotal > 0 ? Math.floor((bytesSent / bytesTotal) * 100) : 0, bytesSent, bytesTotal)
      },
      onSuccess({ lastResponse }) {
        cleanUp()
        // The server names the stored file only once it is listed: without it, nothing is claimed.
        const encodedPath = lastResponse.getHeader('Upload-Path')
        if (!encodedPath) return reject(new UploadFailedError(UNCONFIRMED_MESSAGE, lastResponse.getStatus()))
        resolve({ uploadUrl: upload.url, storagePath: decodeURI(encodedPath) })
      },
      onError(error) {
        // The connection, not the server, failed while the browser is offline: wait for it to return.
        if (!('originalResponse' in error && error.originalResponse) && !navigator.onLine && !signal?.aborted) {
          stopped = true
          setWaiting(true)
          return
        }
        cleanUp()
        reject(toUploadError(error))
      },
    })
    const onAbort = () => {
      cleanUp()
      // Not terminated on the server: the same file picked again resumes where it stopped.
      void upload.abort(false)
      reject(new UploadFailedError('Upload cancelled', null))
    }
    if (signal?.aborted) return onAbort()
    signal?.addEventListener('abort', onAbort, { once: true })
    window.addEventListener('offline', onOffline)
    window.addEventListener('online', onOnline)
    const begin = () => {
      // Started while offline: it begins once the browser is back online.
      if (!navigator.onLine) {
        stopped = true
        setWaiting(true)
      } else upload.start()
    }
    upload
      .findPreviousUploads()
      .then((previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0])
        begin()
      })
      .catch(() => begin())
  })
}

/** The server answers refusals (type, size, permission) with a short plain-text reason: show it. */
function toUploadError(error: Error | DetailedError): UploadFailedError {
  const response = 'originalResponse' in error ? error.originalResponse : null
  if (response) {
    const status = response.getStatus()
    const body = (response.getBody() ?? '').trim()
    if (status === 413) return new UploadFailedError(body && body.length < 300 ? body : 'The file is larger than the upload limit', status)
    if (status >= 400 && status < 500 && body && body.length < 300 && !body.startsWith('<')) return new UploadFailedError(body, status)
    if (status === 401 || status === 403) return new UploadFailedError('You are not allowed to upload here', status)
    return new UploadFailedError(`The server refused the upload (${status})`, status)
  }
  return new UploadFailedError('The connection to the server was lost', null)
}
