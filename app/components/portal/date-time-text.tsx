import { formatDateTime } from '../../../lib/format'

/** A moment as the portal writes it, in a `<time>` element that carries the exact value. */
export function DateTimeText({ value }: { value: string }) {
  return <time dateTime={value}>{formatDateTime(value)}</time>
}
