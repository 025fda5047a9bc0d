import { Suspense, lazy, memo, type ComponentType } from 'react'
import { whenPageData } from '../../../lib/page-data-event'

/**
 * A component whose code is not part of the page's first-load script: the server renders it as
 * usual, and the browser fetches its code only once that server-rendered HTML comes into view.
 * Until then React leaves the HTML in place (a Suspense boundary waiting to hydrate), so nothing
 * moves or flickers. Suited to widgets that are often off screen, such as the side panel's System
 * Status, which sits in a closed drawer on narrow screens.
 *
 * `elementId` is the id of the component's outermost element. Where that element is missing (the
 * component is rendered fresh in the browser rather than hydrated), the code is fetched at once.
 * It is fetched at once too when the page is about to render data it reads in the browser
 * (whenPageData): React finishes such an update only once every part of the page has hydrated,
 * so a part waiting to come into view would hold the page on its loading state.
 */
export function lazyWhenVisible<P extends object>(elementId: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => {
    if (typeof document !== 'undefined') await whenVisible(elementId)
    return { default: await load() }
  })
  // memo: a parent's re-render must not reach the boundary before it has hydrated (React would
  // then replace the server HTML with the empty fallback).
  return memo(function LazyWhenVisible(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    )
  })
}

function whenVisible(elementId: string): Promise<void> {
  const element = document.getElementById(elementId)
  if (!element || typeof IntersectionObserver === 'undefined') return Promise.resolve()
  return new Promise((resolve) => {
    let stopWaiting = () => {}
    const done = () => {
      visibility.disconnect()
      removal.disconnect()
      stopWaiting()
      resolve()
    }
    const visibility = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && done(), { rootMargin: '200px' })
    visibility.observe(element)
    // If React renders the page afresh instead of hydrating it (after a hydration error, say), the
    // server's element is removed and will never come into view: load the code at once then.
    const removal = new MutationObserver(() => !element.isConnected && done())
    removal.observe(document.body, { childList: true, subtree: true })
    stopWaiting = whenPageData(done)
  })
}
