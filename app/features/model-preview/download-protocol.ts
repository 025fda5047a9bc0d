import type { ModelBox } from '../../../lib/model-box'

/**
 * The download worker's messages. The page asks for a file by its /files/ address; the worker
 * fetches it (the session's cookie goes with it, as with any same-origin request), and answers with
 * the response's status and, for a large binary STL whose download says its box, that box; then with
 * the download's progress, and the body: whole in one buffer, or (`cutStl`, and a box was said) as
 * small binary STLs of its triangles in order. Every buffer is transferred, never copied.
 */
export type DownloadRequest = { type: 'start'; id: number; url: string; cutStl: boolean } | { type: 'stop'; id: number }

export type DownloadMessage =
  | { id: number; type: 'answer'; status: number; box: ModelBox | null }
  | { id: number; type: 'progress'; fraction: number }
  | { id: number; type: 'piece'; data: ArrayBuffer }
  | { id: number; type: 'whole'; data: ArrayBuffer }
  | { id: number; type: 'end' }
  /** The connection failed or broke off, or the body was not what its answer said. */
  | { id: number; type: 'failed' }
