import { useEffect, useState, type MouseEvent } from 'react'

export interface PhaseIndexItem {
  id: string
  title: string
}

/**
 * The sticky "Where We Fit In" index of the process page. An IntersectionObserver watches a band
 * across the upper part of the viewport; the first card inside it is the one "in view", marked with
 * aria-current. Clicking an entry scrolls smoothly to its card (instantly under reduced motion).
 */
export function PhaseIndex({ heading, items }: { heading: string; items: readonly PhaseIndexItem[] }) {
  const [active, setActive] = useState(items[0]?.id)
  const [observing, setObserving] = useState(false)

  useEffect(() => {
    const visible = new Set<string>()
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target.id)
          else visible.delete(entry.target.id)
        }
        const first = items.find((item) => visible.has(item.id))
        if (first) setActive(first.id)
      },
      { rootMargin: '-20% 0px -60% 0px', threshold: 0 },
    )
    for (const item of items) {
      const element = document.getElementById(item.id)
      if (element) observer.observe(element)
    }
    setObserving(true)
    return () => observer.disconnect()
  }, [items])

  const onClick = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const target = document.getElementById(id)
    if (!target) return
    event.preventDefault()
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' })
    // Move focus for keyboard and screen-reader users without a second, abrupt scroll.
    target.focus({ preventScroll: true })
    window.history.replaceState(window.history.state, '', `#${id}`)
    setActive(id)
  }

  return (
    <nav aria-labelledby="phase-index-heading" className="lg:sticky lg:top-32 lg:self-start" data-observing={observing || undefined}>
      <h2 id="phase-index-heading" className="mb-3 text-lg font-semibold">
        {heading}
      </h2>
      <ol className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
        {items.map((item, i) => {
          const current = item.id === active
          return (
            <li key={item.id}>
              <a
                href={`#${item.id}`}
                onClick={(event) => onClick(event, item.id)}
                aria-current={current ? 'true' : undefined}
                className={`flex items-center gap-2 rounded-lg px-3 py-2 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-[var(--color-highlight)] ${
                  current ? 'bg-[var(--color-shade)] font-semibold text-[var(--color-text)]' : 'text-[var(--color-light)] hover:bg-[var(--color-shade)]'
                }`}
              >
                <span aria-hidden="true" className={`w-5 text-right tabular-nums ${current ? 'text-[var(--color-highlight)]' : ''}`}>
                  {i + 1}
                </span>
                {item.title}
              </a>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
