import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** Shared building blocks for the public pages; colours come from the theme variables. */
export const cardClass = 'rounded-xl border border-[var(--color-border)] bg-[var(--color-foreground)] p-6'
export const linkClass = 'text-[var(--color-link)] underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2'

const buttonBase =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg px-5 py-3 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--color-highlight)]'
export const primaryButtonClass = `${buttonBase} bg-[var(--color-highlight)] text-[var(--color-background)] hover:brightness-110`
const secondaryButtonClass = `${buttonBase} border border-[var(--color-highlight)] text-[var(--color-text)] hover:bg-[var(--color-shade)]`

export function ButtonLink({ to, children, variant = 'primary' }: { to: string; children: ReactNode; variant?: 'primary' | 'secondary' }) {
  return (
    <Link to={to} className={variant === 'primary' ? primaryButtonClass : secondaryButtonClass}>
      {children}
    </Link>
  )
}

/** The page's single h1 and its introduction. */
export function PageHeader({ title, intro, eyebrow }: { title: string; intro?: ReactNode; eyebrow?: string }) {
  return (
    <header className="mb-10">
      {eyebrow && <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-[var(--color-highlight)]">{eyebrow}</p>}
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {intro && <p className="mt-4 max-w-3xl text-lg leading-relaxed text-[var(--color-light)]">{intro}</p>}
    </header>
  )
}

/** A page body with the standard width and padding. */
export function Page({ children, labelledBy }: { children: ReactNode; labelledBy?: string }) {
  return (
    <article className="mx-auto max-w-6xl px-4 py-10 sm:px-6" aria-labelledby={labelledBy}>
      {children}
    </article>
  )
}

export function SectionHeading({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h2 id={id} className="mb-4 text-2xl font-semibold">
      {children}
    </h2>
  )
}

/** A highlighted call-out box. */
export function Callout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="my-10 rounded-xl border-l-4 border-[var(--color-highlight)] bg-[var(--color-shade)] p-6" data-callout="">
      <p className="text-lg font-semibold text-[var(--color-text)]">{title}</p>
      <div className="mt-2 leading-relaxed text-[var(--color-light)]">{children}</div>
    </div>
  )
}

/** A list with tick marks. */
export function TickList({ items, className = '' }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={`space-y-2 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-2 leading-snug">
          <span aria-hidden="true" className="mt-0.5 text-[var(--color-highlight)]">
            ✓
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  )
}

/** A bordered box inviting the reader to get in touch. */
export function ContactBand({ heading, body, link }: { heading: string; body: string; link: { label: string; href: string } }) {
  return (
    <section className={`${cardClass} mt-12 flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between`}>
      <div>
        <h2 className="text-xl font-semibold">{heading}</h2>
        <p className="mt-1 text-[var(--color-light)]">{body}</p>
      </div>
      <ButtonLink to={link.href}>{link.label}</ButtonLink>
    </section>
  )
}
