import type { ReactNode } from 'react'
import { cardClass, cardTitleClass } from './styles'

/** A portal card: a section named by its heading (`titleId` joins the two), then what it holds. */
export function PortalCard({ titleId, title, children }: { titleId: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={titleId} className={cardClass}>
      <h2 id={titleId} className={cardTitleClass}>
        {title}
      </h2>
      {children}
    </section>
  )
}
