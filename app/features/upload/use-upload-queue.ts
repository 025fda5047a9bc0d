import { useCallback, useEffect, useRef, useState } from 'react'
import { uploadFile, UploadFailedError, type UploadFileOptions, type UploadFileResult } from './upload-file'

/** One file of an upload area's queue, with its own progress. */
export interface QueuedUpload {
  id: number
  name: string
  size: number
  /** 0..100 */
  percent: number
  /** `waiting`: the browser is offline; the upload carries on by itself when it is back. */
  state: 'uploading' | 'waiting' | 'done' | 'failed'
  /** Why it failed (stays until the file is dismissed or the next files are chosen). */
  message: string | null
}

type Options = Omit<UploadFileOptions, 'onProgress' | 'onConnection' | 'signal'>

/**
 * Several files uploaded at once, each with its own progress and state. A file cut off by a lost
 * connection waits for the browser to be back online and then resumes by itself; a file the server
 * refuses keeps its reason in the list. Leaving the page cancels what is running (it can resume
 * later from the same file).
 */
export function useUploadQueue() {
  const [items, setItems] = useState<QueuedUpload[]>([])
  const controllers = useRef(new Set<AbortController>())
  const nextId = useRef(1)

  useEffect(() => {
    const running = controllers.current
    return () => {
      for (const c of running) c.abort()
    }
  }, [])

  const update = useCallback((id: number, change: Partial<QueuedUpload>) => setItems((all) => all.map((item) => (item.id === id ? { ...item, ...change } : item))), [])

  /** Uploads the files side by side; resolves each file's result in order (an Error where it failed). */
  const upload = useCallback(
    (files: readonly File[], options: Options): Promise<(UploadFileResult | UploadFailedError)[]> => {
      const started = files.map((file) => ({ file, id: nextId.current++ }))
      // Finished and failed files of earlier rounds make room for the new ones.
      setItems((all) => [...all.filter((i) => i.state === 'uploading' || i.state === 'waiting'), ...started.map(({ file, id }) => ({ id, name: file.name, size: file.size, percent: 0, state: 'uploading' as const, message: null }))])
      return Promise.all(
        started.map(async ({ file, id }) => {
          const controller = new AbortController()
          controllers.current.add(controller)
          try {
            const result = await uploadFile(file, {
              ...options,
              signal: controller.signal,
              onProgress: (percent) => update(id, { percent, state: 'uploading' }),
              onConnection: (online) => update(id, { state: online ? 'uploading' : 'waiting' }),
            })
            update(id, { percent: 100, state: 'done' })
            return result
          } catch (error) {
            const failure = error instanceof UploadFailedError ? error : new UploadFailedError('The upload failed. Please try again.', null)
            update(id, { state: 'failed', message: failure.message })
            return failure
          } finally {
            controllers.current.delete(controller)
          }
        }),
      )
    },
    [update],
  )

  const dismiss = useCallback((id: number) => setItems((all) => all.filter((i) => i.id !== id)), [])

  const active = items.filter((i) => i.state === 'uploading' || i.state === 'waiting')
  const totalBytes = active.reduce((sum, i) => sum + i.size, 0)
  /** The files on their way, as one percentage weighted by size. */
  const percent = totalBytes > 0 ? Math.floor(active.reduce((sum, i) => sum + (i.percent * i.size) / totalBytes, 0)) : 0

  return { items, uploading: active.length > 0, waiting: active.some((i) => i.state === 'waiting'), percent, upload, dismiss }
}
