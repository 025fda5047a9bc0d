import { Suspense, lazy, memo, type ComponentType, type ReactNode } from 'react'
import { whenPageData } from '../../../lib/page-data-event'

/** Resolves when a lazily loaded part should fetch its code; `stop` aborts once it is fetching, for any reason. */
export type LoadTrigger = (element: HTMLElement, stop: AbortSignal) => Promise<void>

/**
 * A component whose code is not part of the page's first-load script: the server renders it as
 * usual, and the browser fetches its code only when `trigger` says so (the part comes into view, the
 * visitor starts on it). Until then React leaves the server's HTML in place (a Suspense boundary
 * waiting to hydrate), so nothing moves or flickers. `fallback` shows only where the part is rendered
 * fresh in the browser (after a navigation), while its code arrives.
 *
 * `elementId` is the id of the component's outermost element. Where that element is missing (the
 * component is rendered fresh in the browser rather than hydrated), the code is fetched at once.
 * It is fetched at once too when the page is about to render data it reads in the browser
 * (whenPageData): React finishes such an update only once every part of the page has hydrated,
 * so a part still waiting would hold the page on its loading state.
 */
export function lazyUntil<P extends object>(elementId: string, trigger: LoadTrigger, load: () => Promise<ComponentType<P>>, fallback: ReactNode = null): ComponentType<P> {
  const Lazy = lazy(async () => {
    if (typeof document !== 'undefined') await until(elementId, trigger)
    return { default: await load() }
  })
  // memo: a parent's re-render must not reach the boundary before it has hydrated (React would
  // then replace the server HTML with the fallback).
  return memo(function LazyPart(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    )
  })
}

function until(elementId: string, trigger: LoadTrigger): Promise<void> {
  const element = document.getElementById(elementId)
  if (!element) return Promise.resolve()
  const stop = new AbortController()
  return new Promise((resolve) => {
    const done = () => {
      stop.abort()
      resolve()
    }
    void trigger(element, stop.signal).then(done)
    // If React renders the page afresh instead of hydrating it (after a hydration error, say), the
    // server's element is removed and will never be used or seen: load the code at once then.
    const removal = new MutationObserver(() => !element.isConnected && done())
    removal.observe(document.body, { childList: true, subtree: true })
    stop.signal.addEventListener('abort', () => removal.disconnect())
    const stopWaiting = whenPageData(done)
    stop.signal.addEventListener('abort', stopWaiting)
  })
}
