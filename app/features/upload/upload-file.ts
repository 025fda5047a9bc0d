import type { DetailedError } from 'tus-js-client'

/**
 * A resumable upload through the server's tus endpoint. The browser sends the file in chunks; a
 * dropped connection is retried from the offset the server confirms (HEAD), so only the missing
 * bytes travel again. The same file picked again after a reload resumes too (the upload URL is
 * kept in local storage under a fingerprint that includes the destination).
 */
export interface UploadFileOptions {
  endpoint: string
  /** Sent as Upload-Metadata: tells the server where the file belongs (it checks the permission). */
  metadata: Record<string, string>
  onProgress?: (percent: number, bytesSent: number, bytesTotal: number) => void
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
  const { endpoint, metadata, onProgress, signal } = options
  // The tus client is fetched on the first upload, not with the page.
  const tus = await import('tus-js-client')
  return new Promise<UploadFileResult>((resolve, reject) => {
    const upload = new tus.Upload(file, {
      endpoint,
      metadata: { filename: file.name, filetype: file.type || 'application/octet-stream', ...metadata },
      chunkSize: options.chunkSize ?? defaultChunkSize,
      retryDelays: options.retryDelays ?? defaultRetryDelays,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      fingerprint: async (f: File) => ['meshwork-upload', endpoint, JSON.stringify(metadata), f.name, f.type, f.size, f.lastModified].join('|'),
      onProgress(bytesSent, bytesTotal) {
        onProgress?.(bytesTotal > 0 ? Math.floor((bytesSent / bytesTotal) * 100) : 0, bytesSent, bytesTotal)
      },
      onSuccess({ lastResponse }) {
        signal?.removeEventListener('abort', onAbort)
        // The server names the stored file only once it is listed: without it, nothing is claimed.
        const encodedPath = lastResponse.getHeader('Upload-Path')
        if (!encodedPath) return reject(new UploadFailedError(UNCONFIRMED_MESSAGE, lastResponse.getStatus()))
        resolve({ uploadUrl: upload.url, storagePath: decodeURI(encodedPath) })
      },
      onError(error) {
        signal?.removeEventListener('abort', onAbort)
        reject(toUploadError(error))
      },
    })
    const onAbort = () => {
      // Not terminated on the server: the same file picked again resumes where it stopped.
      void upload.abort(false)
      reject(new UploadFailedError('Upload cancelled', null))
    }
    if (signal?.aborted) return onAbort()
    signal?.addEventListener('abort', onAbort, { once: true })
    upload
      .findPreviousUploads()
      .then((previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0])
        upload.start()
      })
      .catch(() => upload.start())
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
