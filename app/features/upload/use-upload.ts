import { useCallback, useEffect, useRef, useState } from 'react'
import { uploadFile, type UploadFileOptions, type UploadFileResult } from './upload-file'

export interface UploadProgress {
  uploading: boolean
  /** 0..100 while uploading. */
  percent: number
}

/**
 * Upload state for one upload button: "Uploading..." with a percentage while a file is on its way
 * (the uploads' state: the button is disabled while uploading). A failure resets the progress; the caller decides what message to show.
 * Leaving the page cancels a running upload (it can resume later from the same file).
 */
export function useUpload() {
  const [progress, setProgress] = useState<UploadProgress>({ uploading: false, percent: 0 })
  const controller = useRef<AbortController | null>(null)

  useEffect(() => () => controller.current?.abort(), [])

  const upload = useCallback(async (file: File, options: Omit<UploadFileOptions, 'onProgress' | 'signal'>): Promise<UploadFileResult> => {
    controller.current = new AbortController()
    setProgress({ uploading: true, percent: 0 })
    try {
      return await uploadFile(file, {
        ...options,
        signal: controller.current.signal,
        onProgress: (percent) => setProgress({ uploading: true, percent }),
      })
    } finally {
      controller.current = null
      setProgress({ uploading: false, percent: 0 })
    }
  }, [])

  return { ...progress, upload }
}
