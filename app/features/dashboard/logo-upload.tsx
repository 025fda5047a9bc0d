import { useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { acceptAttribute, checkFileBeforeUpload, describeAcceptedTypes } from '../../../lib/file-types'
import { ErrorList } from '../../components/forms'
import { useFetcherResult } from '../../components/portal/use-fetcher-result'
import { storagePathFor, uploadEndpoint, uploadMetadata } from '../upload/upload-target'
import { useUpload } from '../upload/use-upload'
import { StatusMessage } from '../../components/portal/status-message'
import { buttonClass, cardClass, cardTitleClass, inputClass, labelClass } from '../../components/portal/styles'
import type { DashboardActionResult } from './types'
import { useStatus } from '../../components/portal/use-status'

/**
 * The company logo: an image (the types of lib/file-types.ts, checked here before any
 * byte is sent, and by the server on the content), uploaded into profile-pictures/{userId}/ and
 * publicly readable; the server makes it the logo and deletes the one it replaces.
 */
export function LogoUpload({ userId, clientId, logoUrl, companyName, maxUploadBytes }: { userId: string; clientId: string | null; logoUrl: string | null; companyName: string; maxUploadBytes: number }) {
  const id = useId()
  const setLogo = useFetcher<DashboardActionResult>({ key: `set-logo-${userId}` })
  const { uploading, percent, upload } = useUpload()
  const { status, show } = useStatus()
  const [pickerError, setPickerError] = useState('')
  const picker = useRef<HTMLInputElement>(null)

  useFetcherResult(setLogo, (data) => {
    if (data.ok) show('Logo updated', 'success')
    else show(`Error handling file: ${data.message ?? 'the logo could not be saved'}`, 'error')
  })

  const onUpload = async () => {
    const file = picker.current?.files?.[0]
    const refusal = file ? checkFileBeforeUpload('profile-pictures', file, maxUploadBytes) : 'Please choose an image to upload'
    setPickerError(refusal ?? '')
    if (!file || refusal) {
      picker.current?.focus()
      return
    }
    try {
      const result = await upload(file, { endpoint: uploadEndpoint, metadata: uploadMetadata('profile-pictures', userId) })
      const path = result.storagePath ?? storagePathFor('profile-pictures', userId, file.name)
      if (picker.current) picker.current.value = ''
      void setLogo.submit({ intent: 'set-logo', path, ...(clientId ? { clientId } : {}) }, { method: 'post', action: '/profile' })
    } catch (error) {
      show(`Error handling file: ${(error as Error).message}`, 'error')
    }
  }

  const busy = uploading || setLogo.state !== 'idle'
  const fileId = `${id}-file`
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
          <label htmlFor={fileId} className={labelClass}>
            Choose an image
          </label>
          <input
            ref={picker}
            id={fileId}
            type="file"
            accept={acceptAttribute('profile-pictures')}
            className={`mt-1 ${inputClass}`}
            disabled={busy}
            aria-invalid={pickerError ? true : undefined}
            aria-describedby={pickerError ? `${fileId}-error ${fileId}-hint` : `${fileId}-hint`}
            onChange={() => setPickerError('')}
          />
          <p id={`${fileId}-hint`} className="mt-1 text-xs text-(--color-light)">
            {describeAcceptedTypes('profile-pictures')}
          </p>
          <ErrorList id={`${fileId}-error`} errors={[pickerError]} />
          <button type="button" className={`mt-3 ${buttonClass}`} onClick={() => void onUpload()} disabled={busy}>
            {uploading ? `Uploading... ${percent}%` : 'Upload logo'}
          </button>
          <StatusMessage status={status} testId="logo-status" />
        </div>
      </div>
    </section>
  )
}
