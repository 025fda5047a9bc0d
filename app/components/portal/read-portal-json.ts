import { data } from 'react-router'
import { announcePageData } from '../../../lib/page-data-event'

/**
 * Reads a portal page's data from its JSON endpoint, as the person signed in (the page's document is
 * the same for everyone; its data never is). A refusal or a missing record becomes the route's error
 * (its ErrorBoundary reads the status); a server that cannot be reached, a 503.
 */
export async function readPortalJson<T>(path: string, signal: AbortSignal): Promise<T> {
  // The data will be rendered in a transition: whatever still waits to hydrate must load now.
  announcePageData()
  let res: Response
  try {
    res = await fetch(path, { headers: { accept: 'application/json' }, credentials: 'same-origin', signal })
  } catch (error) {
    if (signal.aborted) throw error
    throw data({ message: 'The server could not be reached. Please try again.' }, { status: 503 })
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string; error?: string }
    throw data({ message: body.message ?? body.error ?? 'The page could not be loaded. Please try again.' }, { status: res.status })
  }
  return (await res.json()) as T
}
