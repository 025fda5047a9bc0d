import { useEffect, useId, useRef } from 'react'
import { site } from '../../../lib/site'
import { buttonClass, secondaryButtonClass } from '../../components/portal/styles'
import { useStatus } from '../../components/portal/use-status'

/**
 * Recovery codes shown once, right after they are made: each works once, in place of a code from the
 * app. They can be copied or saved as a text file; the server keeps only their hashes.
 */
export function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const id = useId()
  const copied = useStatus()
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [])
  const text = `${site.companyName} recovery codes (each works once)\n\n${codes.join('\n')}\n`
  async function copy() {
    try {
      await navigator.clipboard.writeText(text)
      copied.show('Copied to the clipboard.', 'success')
    } catch {
      copied.show('Select the codes and press Ctrl+C (⌘C on a Mac) to copy them.', 'error')
    }
  }
  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }))
    const link = document.createElement('a')
    link.href = url
    link.download = 'recovery-codes.txt'
    link.click()
    URL.revokeObjectURL(url)
  }
  return (
    <div role="group" aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-md border border-(--color-highlight) p-4" data-testid="recovery-codes">
      <h4 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="font-semibold">
        Your recovery codes
      </h4>
      <p className="text-sm">
        Keep them somewhere safe, apart from your phone. If you lose the phone, each code signs you in once instead of a code from the app. They are shown only now.
      </p>
      <ol className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono sm:grid-cols-5" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className={secondaryButtonClass} onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className={secondaryButtonClass} onClick={download}>
          Download as text
        </button>
        <button type="button" className={buttonClass} onClick={onDone}>
          I have saved them
        </button>
      </div>
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-(--color-light)">
        {copied.status.text}
      </p>
    </div>
  )
}
