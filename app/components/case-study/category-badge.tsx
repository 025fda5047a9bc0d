import type { ExampleCategory } from '../../../content/examples/types'

/** The small category label on cards and study headers. */
export function CategoryBadge({ category }: { category: ExampleCategory }) {
  return (
    <span className="inline-block rounded-full border border-(--color-highlight) px-3 py-0.5 text-xs font-semibold tracking-wide text-(--color-highlight)">
      {category}
    </span>
  )
}
