import { useCallback, useEffect, useRef, useState } from 'react'
import { uploadFile, type UploadFileOptions, type UploadFileResult } from './upload-file'

export interface UploadProgress {
  uploading: boolean
  /** 0..100 while uploading. */
  percent: number
  /** The browser is offline: the upload resumes by itself when it is back. */
  waiting: boolean
}

/**
 * Upload state for one upload button (several files at once: useUploadQueue): "Uploading..." with a percentage while a file is on its way
 * (the uploads' state: the button is disabled while uploading). A failure resets the progress; the caller decides what message to show.
 * Leaving the page cancels a running upload (it can resume later from the same file).
 */
export function useUpload() {
  const [progress, setProgress] = useState<UploadProgress>({ uploading: false, percent: 0, waiting: false })
  const controller = useRef<AbortController | null>(null)

  useEffect(() => () => controller.current?.abort(), [])

  const upload = useCallback(async (file: File, options: Omit<UploadFileOptions, 'onProgress' | 'onConnection' | 'signal'>): Promise<UploadFileResult> => {
    controller.current = new AbortController()
    setProgress({ uploading: true, percent: 0, waiting: false })
    try {
      return await uploadFile(file, {
        ...options,
        signal: controller.current.signal,
        onProgress: (percent) => setProgress({ uploading: true, percent, waiting: false }),
        onConnection: (online) => setProgress((p) => ({ ...p, waiting: !online })),
      })
    } finally {
      controller.current = null
      setProgress({ uploading: false, percent: 0, waiting: false })
    }
  }, [])

  return { ...progress, upload }
}
