import type { Status } from './use-status'

/**
 * A polite live region: screen readers announce each new message without moving focus. It is
 * always in the page so the first message is announced too; the message itself clears after the
 * status time-out (use-status.ts).
 */
export function StatusMessage({ status, id, testId }: { status: Status; id?: string; testId?: string }) {
  const tone = status.tone === 'error' ? 'text-error' : status.tone === 'success' ? 'text-green' : 'text-(--color-light)'
  return (
    <p id={id} role="status" aria-live="polite" className={`min-h-6 text-sm ${tone}`} data-testid={testId} data-tone={status.tone}>
      {status.text}
    </p>
  )
}
