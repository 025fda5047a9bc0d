import type { IconName } from '../../../content/types'
import { Icon } from './icon'
import { cardClass } from './ui'

export function FeatureCard({ title, icon, children, headingLevel = 'h3' }: { title: string; icon: IconName; children: React.ReactNode; headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel
  return (
    <div className={`${cardClass} h-full`}>
      <span className="mb-4 inline-flex h-11 w-11 items-center justify-center rounded-lg bg-[var(--color-shade)] text-[var(--color-highlight)]">
        <Icon name={icon} />
      </span>
      <Heading className="text-lg font-semibold">{title}</Heading>
      <div className="mt-2 leading-relaxed text-[var(--color-light)]">{children}</div>
    </div>
  )
}

/** Cards of features (a title, an icon and a sentence each) in a grid; `className` sets the grid's columns. */
export function FeatureCardList({ items, className }: { items: readonly { title: string; icon: IconName; description: string }[]; className: string }) {
  return (
    <ul className={`grid gap-6 ${className}`}>
      {items.map((item) => (
        <li key={item.title}>
          <FeatureCard title={item.title} icon={item.icon}>
            <p>{item.description}</p>
          </FeatureCard>
        </li>
      ))}
    </ul>
  )
}
