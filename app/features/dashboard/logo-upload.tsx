import { useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { isImageFile } from '../upload/file-kinds'
import { storagePathFor, uploadEndpoint, uploadMetadata } from '../upload/upload-target'
import { useUpload } from '../upload/use-upload'
import { StatusMessage } from './status-message'
import { buttonClass, cardClass, cardTitleClass, inputClass, labelClass } from './styles'

export interface SetLogoResult {
  intent: 'set-logo'
  ok: boolean
  message?: string
}

/**
 * The company logo: images only (the server checks the content too), stored under
 * profile-pictures/{userId}/ and publicly readable; a new upload replaces the shown logo.
 */
export function LogoUpload({ userId, clientId, logoUrl, companyName }: { userId: string; clientId: string | null; logoUrl: string | null; companyName: string }) {
  const id = useId()
  const setLogo = useFetcher<SetLogoResult>({ key: `set-logo-${userId}` })
  const { uploading, percent, upload } = useUpload()
  const [message, setMessage] = useState<{ text: string; tone: 'info' | 'error' }>({ text: '', tone: 'info' })
  const picker = useRef<HTMLInputElement>(null)
  const handled = useRef<unknown>(null)

  useEffect(() => {
    const data = setLogo.data
    if (setLogo.state !== 'idle' || !data || handled.current === data) return
    handled.current = data
    setMessage(data.ok ? { text: 'Logo updated', tone: 'info' } : { text: `Error handling file: ${data.message ?? 'the logo could not be saved'}`, tone: 'error' })
  }, [setLogo.state, setLogo.data])

  const onUpload = async () => {
    const file = picker.current?.files?.[0]
    if (!file) {
      setMessage({ text: 'Please choose an image to upload', tone: 'error' })
      picker.current?.focus()
      return
    }
    if (!isImageFile(file)) {
      setMessage({ text: 'The logo must be an image (for example PNG, JPEG or GIF)', tone: 'error' })
      return
    }
    setMessage({ text: '', tone: 'info' })
    try {
      const result = await upload(file, { endpoint: uploadEndpoint, metadata: uploadMetadata('profile-pictures', userId) })
      const path = result.storagePath ?? storagePathFor('profile-pictures', userId, file.name)
      if (picker.current) picker.current.value = ''
      void setLogo.submit({ intent: 'set-logo', path, ...(clientId ? { clientId } : {}) }, { method: 'post', action: '/profile' })
    } catch (error) {
      setMessage({ text: `Error handling file: ${(error as Error).message}`, tone: 'error' })
    }
  }

  const busy = uploading || setLogo.state !== 'idle'
  return (
    <section aria-labelledby={`${id}-title`} className={cardClass}>
      <h2 id={`${id}-title`} className={cardTitleClass}>
        Company logo
      </h2>
      <div className="flex flex-wrap items-start gap-6">
        <div className="flex h-28 w-28 items-center justify-center overflow-hidden rounded-md border border-(--color-border) bg-(--color-background)">
          {logoUrl ? (
            <img src={logoUrl} alt={companyName ? `${companyName} logo` : 'Company logo'} className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="p-2 text-center text-xs text-(--color-light)">No logo yet</span>
          )}
        </div>
        <div className="grow">
          <label htmlFor={`${id}-file`} className={labelClass}>
            Choose an image
          </label>
          <input ref={picker} id={`${id}-file`} type="file" accept="image/*" className={`mt-1 ${inputClass}`} disabled={busy} />
          <button type="button" className={`mt-3 ${buttonClass}`} onClick={() => void onUpload()} disabled={busy}>
            {uploading ? `Uploading... ${percent}%` : 'Upload logo'}
          </button>
          <StatusMessage message={message.text} tone={message.tone} />
        </div>
      </div>
    </section>
  )
}
