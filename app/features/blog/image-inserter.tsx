import { useId, useRef, useState } from 'react'
import { checkFileBeforeUpload, acceptAttribute } from '../../../lib/file-types'
import { ErrorList, Field } from '../../components/forms'
import { secondaryButtonClass } from '../../components/portal/styles'
import { uploadEndpoint, useUpload } from '../upload'

export const IMAGE_ALT_FIRST_MESSAGE = 'Describe the picture first (what it shows, for readers who cannot see it)'

/**
 * Adds a picture to a post: its description (alt text, required), then the file, uploaded through the
 * site's resumable upload into the post's own folder (blog-images/{post}). The server reads its size
 * from the file; the Markdown that shows it goes in at the cursor.
 */
export function ImageInserter({ postId, maxUploadBytes, onInsert }: { postId: string; maxUploadBytes: number; onInsert(markdown: string): void }) {
  const { upload, uploading, percent } = useUpload()
  const [alt, setAlt] = useState('')
  const [errors, setErrors] = useState<{ alt?: string; file?: string }>({})
  const fileInput = useRef<HTMLInputElement>(null)
  const id = useId()

  async function onFile(file: File | undefined) {
    if (!file) return
    if (fileInput.current) fileInput.current.value = ''
    const refusal = checkFileBeforeUpload('blog-images', file, maxUploadBytes)
    if (!alt.trim()) return setErrors({ alt: IMAGE_ALT_FIRST_MESSAGE })
    if (refusal) return setErrors({ file: refusal })
    setErrors({})
    try {
      const { storagePath } = await upload(file, { endpoint: uploadEndpoint, metadata: { kind: 'blog-images', blogPostId: postId } })
      onInsert(`![${alt.trim().replace(/[[\]]/g, '')}](/files/${storagePath.split('/').map(encodeURIComponent).join('/')})`)
      setAlt('')
    } catch (error) {
      setErrors({ file: error instanceof Error ? error.message : 'The picture could not be uploaded' })
    }
  }

  return (
    <fieldset className="space-y-2 rounded-md border border-(--color-border) p-3">
      <legend className="px-1 text-sm font-medium">Add image</legend>
      <Field
        label="Picture description (alt text)"
        errors={[errors.alt]}
        hint="Required: what the picture shows, read aloud to readers who cannot see it."
        inputProps={{ id: `${id}-alt`, value: alt, onChange: (event) => setAlt(event.currentTarget.value) }}
      />
      <input
        ref={fileInput}
        id={`${id}-file`}
        type="file"
        accept={acceptAttribute('blog-images')}
        className="sr-only"
        onChange={(event) => void onFile(event.currentTarget.files?.[0])}
      />
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={uploading}
        onClick={() => {
          if (!alt.trim()) return setErrors({ alt: IMAGE_ALT_FIRST_MESSAGE })
          fileInput.current?.click()
        }}
      >
        {uploading ? `Uploading... ${percent}%` : 'Choose picture'}
      </button>
      <label htmlFor={`${id}-file`} className="sr-only">
        Picture file
      </label>
      <ErrorList errors={[errors.file]} />
    </fieldset>
  )
}
