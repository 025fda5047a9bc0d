import type { StudyInfo } from '../../../content/examples/types'

const fields: { key: keyof StudyInfo; label: string }[] = [
  { key: 'author', label: 'Author' },
  { key: 'category', label: 'Category' },
  { key: 'focus', label: 'Focus' },
  { key: 'challenge', label: 'Challenge' },
  { key: 'approach', label: 'Approach' },
  { key: 'highlight', label: 'Highlight' },
  { key: 'impact', label: 'Impact' },
]

/** The study at a glance: author, category, focus, challenge, approach, highlight and impact. */
export function InfoCard({ info }: { info: StudyInfo }) {
  return (
    <section aria-label="Study summary" className="my-6 rounded-lg border border-(--color-border) bg-(--color-foreground) p-5">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
        {fields.map(({ key, label }) => (
          <div key={key} className="contents" data-field={key}>
            <dt className="font-semibold text-(--color-highlight)">{label}</dt>
            <dd className="text-(--color-text)">{info[key]}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
