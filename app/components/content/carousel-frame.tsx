import type { FocusEvent, KeyboardEvent, ReactNode, Ref } from 'react'

export interface CarouselContentProps<T> {
  /** Accessible name of the carousel, also shown as its heading. */
  label: string
  slides: readonly T[]
  slideKey: (slide: T) => string
  /** Short name of a slide, used by the dot buttons. */
  slideTitle: (slide: T) => string
  renderSlide: (slide: T) => ReactNode
  headingLevel?: 'h2' | 'h3'
}

export interface CarouselFrameProps<T> extends CarouselContentProps<T> {
  id: string
  selected: number
  playing: boolean
  stoppedByUser: boolean
  onToggle?: () => void
  onGo?: (move: 'prev' | 'next' | number) => void
  rootRef?: Ref<HTMLElement>
  viewportRef?: Ref<HTMLDivElement>
  onKeyDown?: (event: KeyboardEvent) => void
  onMouseEnter?: () => void
  onMouseLeave?: () => void
  onFocus?: () => void
  onBlur?: (event: FocusEvent) => void
}

/** The carousel's markup, shared by the server-rendered first paint and the interactive version. */
export function CarouselFrame<T>({
  label,
  slides,
  slideKey,
  slideTitle,
  renderSlide,
  headingLevel = 'h2',
  id,
  selected,
  playing,
  stoppedByUser,
  onToggle,
  onGo,
  rootRef,
  viewportRef,
  onKeyDown,
  onMouseEnter,
  onMouseLeave,
  onFocus,
  onBlur,
}: CarouselFrameProps<T>) {
  const Heading = headingLevel
  const go = (move: 'prev' | 'next' | number) => onGo?.(move)
  return (
    <section
      ref={rootRef}
      className="my-10"
      aria-roledescription="carousel"
      aria-labelledby={`${id}-heading`}
      data-autoplay={playing ? 'playing' : 'stopped'}
      data-selected-index={selected}
      onKeyDown={onKeyDown}
      onMouseEnter={onMouseEnter}
      onMouseLeave={onMouseLeave}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <Heading id={`${id}-heading`} className="text-2xl font-semibold">
          {label}
        </Heading>
        <div className="flex items-center gap-2">
          <CarouselButton label={stoppedByUser ? 'Start automatic slide show' : 'Stop automatic slide show'} onClick={() => onToggle?.()}>
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
      <div className="overflow-hidden rounded-xl" ref={viewportRef}>
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
