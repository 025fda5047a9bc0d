import Autoplay from 'embla-carousel-autoplay'
import useEmblaCarousel from 'embla-carousel-react'
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

export interface CarouselProps<T> {
  /** Accessible name of the carousel, also shown as its heading. */
  label: string
  slides: readonly T[]
  slideKey: (slide: T) => string
  /** Short name of a slide, used by the dot buttons. */
  slideTitle: (slide: T) => string
  renderSlide: (slide: T) => ReactNode
  /** Time each slide stays before the next one, in milliseconds. */
  delayMs: number
  headingLevel?: 'h2' | 'h3'
}

/**
 * An auto-advancing carousel after the WAI-ARIA carousel pattern: it pauses while the pointer is
 * over it or focus is inside it, offers a stop/start button (WCAG 2.2.2), does not move by itself
 * when the visitor prefers reduced motion, and answers the arrow keys.
 */
export function Carousel<T>({ label, slides, slideKey, slideTitle, renderSlide, delayMs, headingLevel = 'h2' }: CarouselProps<T>) {
  // The plugin is created once; our own handlers decide when it runs.
  const [autoplay] = useState(() => Autoplay({ delay: delayMs, playOnInit: false, stopOnInteraction: false, stopOnMouseEnter: false, stopOnFocusIn: false }))
  const [emblaRef, embla] = useEmblaCarousel({ loop: true }, [autoplay])
  const [selected, setSelected] = useState(0)
  const [playing, setPlaying] = useState(false)
  const [stoppedByUser, setStoppedByUser] = useState(false)
  const [reducedMotion, setReducedMotion] = useState(false)
  const hovering = useRef(false)
  const focusWithin = useRef(false)
  const rootRef = useRef<HTMLElement>(null)
  const id = useId()
  const Heading = headingLevel

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)')
    // Reduced motion: no automatic rotation unless the visitor starts it with the button.
    setReducedMotion(query.matches)
    setStoppedByUser(query.matches)
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
    <section
      ref={rootRef}
      className="my-10"
      aria-roledescription="carousel"
      aria-labelledby={`${id}-heading`}
      data-autoplay={playing ? 'playing' : 'stopped'}
      data-selected-index={selected}
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
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <Heading id={`${id}-heading`} className="text-2xl font-semibold">
          {label}
        </Heading>
        <div className="flex items-center gap-2">
          <CarouselButton label={stoppedByUser ? 'Start automatic slide show' : 'Stop automatic slide show'} onClick={() => setStoppedByUser((v) => !v)}>
            {stoppedByUser ? '▶' : '❚❚'}
          </CarouselButton>
          <CarouselButton label="Previous slide" onClick={() => go('prev')}>
            ←
          </CarouselButton>
          <CarouselButton label="Next slide" onClick={() => go('next')}>
            →
          </CarouselButton>
        </div>
      </div>
      <div className="overflow-hidden rounded-xl" ref={emblaRef}>
        <div className="flex" aria-live={playing ? 'off' : 'polite'} id={`${id}-slides`}>
          {slides.map((slide, index) => (
            <div
              key={slideKey(slide)}
              className="min-w-0 shrink-0 grow-0 basis-full px-1"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}: ${slideTitle(slide)}`}
              data-active={index === selected ? 'true' : undefined}
            >
              {renderSlide(slide)}
            </div>
          ))}
        </div>
      </div>
      <div className="mt-4 flex justify-center gap-1">
        {slides.map((slide, index) => (
          <button
            key={slideKey(slide)}
            type="button"
            className="flex h-8 w-8 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-[var(--color-highlight)]"
            aria-label={`Show slide ${index + 1}: ${slideTitle(slide)}`}
            aria-controls={`${id}-slides`}
            aria-current={index === selected ? 'true' : undefined}
            onClick={() => go(index)}
          >
            <span aria-hidden="true" className={`block h-2.5 w-2.5 rounded-full ${index === selected ? 'bg-[var(--color-highlight)]' : 'bg-[var(--color-border)]'}`} />
          </button>
        ))}
      </div>
    </section>
  )
}

function CarouselButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className="flex h-10 w-10 items-center justify-center rounded-full border border-[var(--color-border)] bg-[var(--color-foreground)] text-[var(--color-text)] hover:bg-[var(--color-shade)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--color-highlight)]"
    >
      <span aria-hidden="true">{children}</span>
    </button>
  )
}
