import { getFormProps, getInputProps } from '@conform-to/react'
import { useId } from 'react'
import { useFetcher } from 'react-router'
import { logoFileSchema } from '../../../lib/company-logo-schema'
import { acceptAttribute, describeAcceptedTypes } from '../../../lib/file-types'
import { Field } from '../../components/forms'
import { useFetcherResult } from '../../components/portal/use-fetcher-result'
import { storagePathFor, uploadEndpoint, uploadMetadata, useUpload } from '../upload'
import { StatusMessage } from '../../components/portal/status-message'
import { buttonClass, cardClass, cardTitleClass } from '../../components/portal/styles'
import type { DashboardActionResult } from './types'
import { useStatus } from '../../components/portal/use-status'
import { useSchemaForm } from '../../components/use-schema-form'

/**
 * The company logo: an image (the types of lib/file-types.ts, checked by the logo schema before any
 * byte is sent, and by the server on the content), uploaded into profile-pictures/{userId}/ and
 * publicly readable; the server makes it the logo and deletes the one it replaces. A refusal of the
 * logo, the browser's or the server's, shows beside the picker.
 */
export function LogoUpload({ userId, clientId, logoUrl, companyName, maxUploadBytes }: { userId: string; clientId: string | null; logoUrl: string | null; companyName: string; maxUploadBytes: number }) {
  const id = useId()
  const setLogo = useFetcher<DashboardActionResult>({ key: `set-logo-${userId}` })
  const { uploading, percent, upload } = useUpload()
  const { status, show } = useStatus()

  const [form, fields] = useSchemaForm(logoFileSchema(maxUploadBytes), {
    id: `${id}-logo`,
    lastResult: setLogo.state === 'idle' ? setLogo.data?.result : undefined,
    async onSubmit(event, { submission }) {
      event.preventDefault()
      if (submission?.status !== 'success') return
      const file = submission.value.logo
      const picker = event.currentTarget
      try {
        const result = await upload(file, { endpoint: uploadEndpoint, metadata: uploadMetadata('profile-pictures', userId) })
        const path = result.storagePath ?? storagePathFor('profile-pictures', userId, file.name)
        picker.reset()
        void setLogo.submit({ intent: 'set-logo', path, ...(clientId ? { clientId } : {}) }, { method: 'post', action: '/profile' })
      } catch (error) {
        show(`Error handling file: ${(error as Error).message}`, 'error')
      }
    },
  })

  useFetcherResult(setLogo, (data) => {
    if (data.ok) show('Logo updated', 'success')
    else if (!data.result) show(`Error handling file: ${data.message ?? 'the logo could not be saved'}`, 'error')
  })

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
        <form {...getFormProps(form)} aria-labelledby={`${id}-title`} aria-describedby={undefined} className="grow">
          <Field
            key={fields.logo.key}
            label="Choose an image"
            hint={describeAcceptedTypes('profile-pictures')}
            errors={fields.logo.errors}
            inputProps={{ ...getInputProps(fields.logo, { type: 'file', ariaAttributes: false }), accept: acceptAttribute('profile-pictures'), disabled: busy }}
          />
          <button type="submit" className={`mt-3 ${buttonClass}`} disabled={busy}>
            {uploading ? `Uploading... ${percent}%` : 'Upload logo'}
          </button>
          <StatusMessage status={status} testId="logo-status" />
        </form>
      </div>
    </section>
  )
}
