import { useEffect, useId, useState, type ComponentType } from 'react'
import { CarouselFrame, type CarouselContentProps } from './carousel-frame'
import type { InteractiveCarouselProps } from './carousel-engine'

export interface CarouselProps<T> extends CarouselContentProps<T> {
  /** Time each slide stays before the next one, in milliseconds. */
  delayMs: number
}

/**
 * An auto-advancing carousel. The first paint is plain server-rendered markup; the behaviour
 * (Embla, autoplay, keyboard) loads as its own chunk after hydration, so pages with a carousel do not
 * carry it in their first-load JavaScript.
 */
export function Carousel<T>({ delayMs, ...content }: CarouselProps<T>) {
  const id = useId()
  const [Interactive, setInteractive] = useState<ComponentType<InteractiveCarouselProps<T>>>()
  useEffect(() => {
    let active = true
    import('./carousel-engine').then((module) => {
      if (active) setInteractive(() => module.default as ComponentType<InteractiveCarouselProps<T>>)
    })
    return () => {
      active = false
    }
  }, [])
  if (Interactive) return <Interactive {...content} id={id} delayMs={delayMs} />
  return <CarouselFrame {...content} id={id} selected={0} playing={false} stoppedByUser={false} />
}
