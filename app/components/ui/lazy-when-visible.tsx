import type { ComponentType } from 'react'
import { lazyUntil } from './lazy-until'

/**
 * A component whose code the browser fetches once its server-rendered HTML comes into view (see
 * lazyUntil). Suited to widgets that are often off screen, such as the side panel's System Status,
 * which sits in a closed drawer on narrow screens.
 */
export function lazyWhenVisible<P extends object>(elementId: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return lazyUntil(elementId, whenVisible, load)
}

function whenVisible(element: HTMLElement, stop: AbortSignal): Promise<void> {
  if (typeof IntersectionObserver === 'undefined') return Promise.resolve()
  return new Promise((resolve) => {
    const visibility = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && resolve(), { rootMargin: '200px' })
    visibility.observe(element)
    stop.addEventListener('abort', () => visibility.disconnect())
  })
}
