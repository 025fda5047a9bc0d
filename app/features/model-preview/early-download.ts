/**
 * A model's download started by the press on its Preview button, while the viewer's code is still on
 * its way (a few hundred milliseconds, more on a slow link): the viewer takes it up when it starts,
 * so the two arrive together rather than one after the other. A download nobody takes up (the dialog
 * closed first) is stopped after a while.
 */

/** How long a started download waits for the viewer before it is stopped. */
const UNCLAIMED_MS = 15_000

const started = new Map<string, { response: Promise<Response>; abort: AbortController; timer: ReturnType<typeof setTimeout> }>()

/** Starts downloading a file the viewer is about to read (once per file while it waits). */
export function startDownload(url: string) {
  if (started.has(url)) return
  const abort = new AbortController()
  const response = fetch(url, { credentials: 'same-origin', signal: abort.signal })
  // A failure is the viewer's to tell, when it takes the download up.
  response.catch(() => undefined)
  const timer = setTimeout(() => {
    started.delete(url)
    abort.abort()
  }, UNCLAIMED_MS)
  started.set(url, { response, abort, timer })
}

/** The download started for `url`, once, now stopped with `signal`; null when none is waiting. */
export function takeDownload(url: string, signal: AbortSignal): Promise<Response> | null {
  const early = started.get(url)
  if (!early) return null
  started.delete(url)
  clearTimeout(early.timer)
  if (signal.aborted) early.abort.abort()
  else signal.addEventListener('abort', () => early.abort.abort(), { once: true })
  return early.response
}
