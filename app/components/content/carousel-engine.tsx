import Autoplay from 'embla-carousel-autoplay'
import useEmblaCarousel from 'embla-carousel-react'
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { CarouselFrame, type CarouselContentProps } from './carousel-frame'

export interface InteractiveCarouselProps<T> extends CarouselContentProps<T> {
  id: string
  /** Time each slide stays before the next one, in milliseconds. */
  delayMs: number
}

/**
 * An auto-advancing carousel after the WAI-ARIA carousel pattern: it pauses while the pointer is
 * over it or focus is inside it, offers a stop/start button (WCAG 2.2.2), does not move by itself
 * when the visitor prefers reduced motion, and answers the arrow keys.
 */
export default function InteractiveCarousel<T>({ id, delayMs, ...content }: InteractiveCarouselProps<T>) {
  // The plugin is created once; our own handlers decide when it runs.
  const [autoplay] = useState(() => Autoplay({ delay: delayMs, playOnInit: false, stopOnInteraction: false, stopOnMouseEnter: false, stopOnFocusIn: false }))
  const [emblaRef, embla] = useEmblaCarousel({ loop: true }, [autoplay])
  const [selected, setSelected] = useState(0)
  const [playing, setPlaying] = useState(false)
  // This module only runs in the browser (loaded after hydration), so the media query can be read at once.
  const [stoppedByUser, setStoppedByUser] = useState(() => prefersReducedMotion())
  const [reducedMotion, setReducedMotion] = useState(() => prefersReducedMotion())
  const hovering = useRef(false)
  const focusWithin = useRef(false)
  const rootRef = useRef<HTMLElement>(null)

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)')
    // Reduced motion: no automatic rotation unless the visitor starts it with the button.
    const onChange = () => {
      setReducedMotion(query.matches)
      setStoppedByUser(query.matches)
    }
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [])

  const sync = useCallback(() => {
    if (!embla) return
    const shouldPlay = !stoppedByUser && !hovering.current && !focusWithin.current
    if (shouldPlay && !autoplay.isPlaying()) autoplay.play()
    if (!shouldPlay && autoplay.isPlaying()) autoplay.stop()
    setPlaying(shouldPlay)
  }, [embla, autoplay, stoppedByUser])

  useEffect(() => {
    if (!embla) return
    const onSelect = () => setSelected(embla.selectedScrollSnap())
    onSelect()
    embla.on('select', onSelect).on('reInit', onSelect)
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect)
    }
  }, [embla])

  useEffect(() => sync(), [sync])

  const go = useCallback(
    (move: 'prev' | 'next' | number) => {
      if (!embla) return
      if (move === 'prev') embla.scrollPrev(reducedMotion)
      else if (move === 'next') embla.scrollNext(reducedMotion)
      else embla.scrollTo(move, reducedMotion)
      // A manual move restarts the countdown so the new slide gets its full time.
      autoplay.reset()
    },
    [embla, autoplay, reducedMotion],
  )

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault()
      go('prev')
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      go('next')
    }
  }

  return (
    <CarouselFrame
      {...content}
      id={id}
      selected={selected}
      playing={playing}
      stoppedByUser={stoppedByUser}
      onToggle={() => setStoppedByUser((v) => !v)}
      onGo={go}
      rootRef={rootRef}
      viewportRef={emblaRef}
      onKeyDown={onKeyDown}
      onMouseEnter={() => {
        hovering.current = true
        sync()
      }}
      onMouseLeave={() => {
        hovering.current = false
        sync()
      }}
      onFocus={() => {
        focusWithin.current = true
        sync()
      }}
      onBlur={(event) => {
        if (rootRef.current?.contains(event.relatedTarget as Node | null)) return
        focusWithin.current = false
        sync()
      }}
    />
  )
}

function prefersReducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches
}
