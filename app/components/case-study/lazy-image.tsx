import { useCallback, useEffect, useRef, useState } from 'react'
import { timings } from '../../../lib/catalogue'
import { ImageOverlay } from './image-overlay'
import { useHydrated } from './use-hydrated'

/** Images start loading within 50 px of the viewport, once 10 % is visible. */
const LAZY_ROOT_MARGIN = '50px'
const LAZY_THRESHOLD = 0.1

export type ImageLoadState = 'waiting' | 'loading' | 'loaded' | 'error'

export interface LazyImageProps {
  src: string
  alt: string
  /** Intrinsic size: reserves the space before the image arrives, so nothing moves. */
  width: number
  height: number
  /**
   * For the image at the top of a page (the largest paint): it is in the HTML from the start and
   * fetched at once instead of waiting for the script; the spinner sits beneath it until it paints.
   */
  priority?: boolean
}

/**
 * A case-study image: loads when it comes near the viewport, shows a spinner while loading, fades in
 * over timings.imageFadeMs, says "Failed to load" on error, and opens full screen on double-click
 * (or Enter when focused).
 */
export function LazyImage({ src, alt, width, height, priority = false }: LazyImageProps) {
  const frameRef = useRef<HTMLDivElement>(null)
  const imageRef = useRef<HTMLImageElement>(null)
  const [state, setState] = useState<ImageLoadState>(priority ? 'loading' : 'waiting')
  const [fullScreen, setFullScreen] = useState(false)
  const hydrated = useHydrated()

  useEffect(() => {
    const frame = frameRef.current
    if (!frame || state !== 'waiting') return
    if (typeof IntersectionObserver === 'undefined') {
      setState('loading')
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect()
          setState('loading')
        }
      },
      { rootMargin: LAZY_ROOT_MARGIN, threshold: LAZY_THRESHOLD },
    )
    observer.observe(frame)
    return () => observer.disconnect()
  }, [state])

  // An image from the cache, or a priority image that settled before hydration, fired its load or
  // error event before React listened: read the outcome from the element.
  useEffect(() => {
    const image = imageRef.current
    if (state !== 'loading' || !image?.complete) return
    if (image.naturalWidth > 0) setState('loaded')
    else if (priority) reportFailure()
  }, [state])

  function reportFailure() {
    // The failure is also logged (not as an error), for whoever is looking at the console.
    console.log('Failed to load image', src)
    setState('error')
  }

  const close = useCallback(() => {
    setFullScreen(false)
    imageRef.current?.focus()
  }, [])

  return (
    <div
      ref={frameRef}
      data-image-state={state}
      className="relative w-full overflow-hidden rounded-md border border-(--color-border) bg-(--color-shade)"
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      {state === 'loading' && (
        <div role="status" className="absolute inset-0 flex items-center justify-center">
          <span className="size-10 animate-spin rounded-full border-4 border-(--color-border) border-t-(--color-highlight)" aria-hidden="true" />
          <span className="sr-only">Loading image</span>
        </div>
      )}
      {state === 'error' ? (
        <div className="absolute inset-0 flex items-center justify-center p-4 text-center">
          <p className="text-(--color-light)">Failed to load</p>
        </div>
      ) : (
        state !== 'waiting' && (
          <img
            ref={imageRef}
            src={src}
            alt={alt}
            width={width}
            height={height}
            decoding="async"
            fetchPriority={priority ? 'high' : undefined}
            tabIndex={0}
            title="Double-click or press Enter to view full screen"
            className="absolute inset-0 h-full w-full cursor-zoom-in object-contain focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--color-highlight)"
            // A priority image is painted by the browser as it arrives until the page is hydrated (the
            // static HTML has no style to match); one still loading after that fades in like the rest.
            style={priority && !hydrated ? undefined : { opacity: state === 'loaded' ? 1 : 0, transition: `opacity ${timings.imageFadeMs}ms ease-in` }}
            onLoad={() => setState('loaded')}
            onError={reportFailure}
            onDoubleClick={() => setFullScreen(true)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                setFullScreen(true)
              }
            }}
          />
        )
      )}
      {!priority && (
        <noscript>
        <img src={src} alt={alt} width={width} height={height} loading="lazy" className="absolute inset-0 h-full w-full object-contain" />
        </noscript>
      )}
      {fullScreen && <ImageOverlay src={src} alt={alt} width={width} height={height} onClose={close} />}
    </div>
  )
}
