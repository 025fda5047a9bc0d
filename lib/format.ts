/**
 * How the site writes dates and sizes, everywhere: pages, lists, mail, the quote PDF. One helper per
 * kind, so a date or a size reads the same wherever it appears.
 */

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
const DATE_TIME = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
const DATE_TIME_UTC = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' })

/** "26 Nov 2026": a day (a date without a time, or a moment's day in UTC, the same on the server and in a browser). */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : value
  return Number.isNaN(date.getTime()) ? String(value) : DATE.format(date)
}

/**
 * "26 Nov 2026, 18:15": a moment, in the reader's own time zone; with `utc`, in UTC followed by "UTC"
 * (a page rendered on the server as well, whose text must not change in the browser).
 */
export function formatDateTime(value: string | Date, { utc = false }: { utc?: boolean } = {}): string {
  const date = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(date.getTime())) return String(value)
  return utc ? `${DATE_TIME_UTC.format(date)} UTC` : DATE_TIME.format(date)
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const

/**
 * "812 bytes", "4.2 KB", "36.5 MB", "2 GB": decimal units (1 KB = 1000 bytes, as storage is sold),
 * three significant figures at most, no trailing zeros.
 */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '?'
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000
    unit++
  }
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2
  return `${Number(value.toFixed(digits))} ${UNITS[unit]}`
}
