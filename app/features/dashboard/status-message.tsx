/**
 * A polite live region: screen readers announce each new message without moving focus.
 * It is always in the page so the first message is announced too.
 */
export function StatusMessage({ message, tone = 'info', id }: { message: string; tone?: 'info' | 'error'; id?: string }) {
  return (
    <p id={id} role="status" aria-live="polite" className={`min-h-6 text-sm ${tone === 'error' ? 'text-(--color-error,#ffb4a8)' : 'text-(--color-light)'}`}>
      {message}
    </p>
  )
}
