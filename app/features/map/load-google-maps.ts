/// <reference types="google.maps" />

export interface LoadGoogleMapsOptions {
  apiKey: string
  /** Attempts after the first failure (three, with growing delays). */
  retries?: number
  /** Delay before the first retry; each further retry waits twice as long. */
  firstRetryDelayMs?: number
}

const CALLBACK = '__meshworkMapsReady'
const SCRIPT_ID = 'google-maps-script'

/**
 * Loads the Maps JavaScript API with the marker library, retrying with growing delays
 * (1 s, 2 s, 4 s by default) before giving up. Resolves with `google.maps`.
 *
 * A hand-written loader rather than @vis.gl's APIProvider because the map must retry a failed load, which
 * that loader does not do (docs/decisions: contact map loader).
 */
// One load at a time per page: a second map card (or a remount) waits for the same script.
let inFlight: Promise<typeof google.maps> | undefined

export function loadGoogleMaps(options: LoadGoogleMapsOptions): Promise<typeof google.maps> {
  const w = window as unknown as { google?: typeof google }
  if (w.google?.maps?.Map) return Promise.resolve(w.google.maps)
  inFlight ??= loadWithRetries(options).finally(() => {
    inFlight = undefined
  })
  return inFlight
}

function loadWithRetries({ apiKey, retries = 3, firstRetryDelayMs = 1000 }: LoadGoogleMapsOptions): Promise<typeof google.maps> {
  const w = window as unknown as Record<string, unknown> & { google?: typeof google }

  const attempt = () =>
    new Promise<typeof google.maps>((resolve, reject) => {
      document.getElementById(SCRIPT_ID)?.remove()
      const script = document.createElement('script')
      script.id = SCRIPT_ID
      script.async = true
      const params = new URLSearchParams({ key: apiKey, libraries: 'marker', v: 'weekly', loading: 'async', callback: CALLBACK })
      script.src = `https://maps.googleapis.com/maps/api/js?${params}`
      w[CALLBACK] = () => {
        if (w.google?.maps) resolve(w.google.maps)
        else reject(new Error('Google Maps library is not loaded.'))
      }
      script.onerror = () => reject(new Error('Google Maps script failed to load'))
      document.head.appendChild(script)
    })

  return (async () => {
    let lastError: unknown
    for (let i = 0; i <= retries; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, firstRetryDelayMs * 2 ** (i - 1)))
      try {
        return await attempt()
      } catch (error) {
        lastError = error
      }
    }
    throw lastError
  })()
}
