import { useStatus } from '../../components/portal/use-status'
import { StatusMessage } from '../../components/portal/status-message'
import { linkButtonClass } from '../../components/portal/styles'

/**
 * A file's SHA-256: its first characters in the line, the whole value (and a button that copies it)
 * a click or a key press away, so a reader can compare it with the file they hold.
 */
export function Sha256Text({ value }: { value: string }) {
  const copied = useStatus()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      copied.show('Copied to the clipboard.', 'success')
    } catch {
      copied.show('The browser did not allow copying: select the value instead.', 'error')
    }
  }
  return (
    <details className="min-w-0 text-sm">
      <summary className="cursor-pointer text-(--color-light)">
        SHA-256 <code title={value}>{value.slice(0, 12)}…</code>
      </summary>
      <div className="mt-1 flex min-w-0 flex-wrap items-center gap-2">
        <code className="min-w-0 break-all" data-testid="sha256">
          {value}
        </code>
        <button type="button" className={linkButtonClass} onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <StatusMessage status={copied.status} />
    </details>
  )
}
