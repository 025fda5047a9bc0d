import { Link, useLoaderData, useSearchParams } from 'react-router'
import { examples } from '../../../content/examples/list'
import { pageData } from '../../../lib/page-data'
import { metaFromLoader } from '../../../lib/meta-from-loader'
import { neverRevalidate } from '../../../lib/never-revalidate'
import { CategoryBadge } from '../../components/case-study/category-badge'
import { filterButtons, parseExampleFilter, type ExampleFilter } from '../../components/case-study/example-filter'
import { useHydrated } from '../../components/case-study/use-hydrated'

export const meta = metaFromLoader

export const loader = () => pageData('/examples', examples)
// The filter lives in the URL (?category=): choosing one must not refetch the list, which never changes.
export const shouldRevalidate = neverRevalidate

export default function TechnicalExamplesPage() {
  const { content: examples } = useLoaderData<typeof loader>()
  const [searchParams, setSearchParams] = useSearchParams()
  // The prerendered HTML shows every project; the ?category= of a shared link applies once hydrated.
  const hydrated = useHydrated()
  const filter = hydrated ? parseExampleFilter(searchParams.get('category')) : 'all'
  const shown = filter === 'all' ? examples : examples.filter((x) => x.category === filter)

  const choose = (next: ExampleFilter) => {
    setSearchParams(next === 'all' ? {} : { category: next }, { replace: true, preventScrollReset: true })
  }

  return (
    <section className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-semibold sm:text-4xl">Technical Examples</h1>
      <p className="mt-3 max-w-3xl text-lg text-(--color-light)">
        Finished work from our CFD, FEA and CAD projects, written up with the numbers, the method and what the result was worth to the client.
      </p>
      <div role="group" aria-label="Filter examples by category" className="mt-6 flex flex-wrap gap-2">
        {filterButtons.map(({ filter: value, label }) => (
          <button
            key={value}
            type="button"
            aria-pressed={filter === value}
            onClick={() => choose(value)}
            className={`rounded-full border px-4 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--color-highlight) ${
              filter === value
                ? 'border-(--color-highlight) bg-(--color-highlight) text-(--color-background)'
                : 'border-(--color-border) text-(--color-text) hover:border-(--color-highlight)'
            }`}
          >
            {label}
          </button>
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {shown.length} {shown.length === 1 ? 'example' : 'examples'} shown
      </p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((example) => (
          <li key={example.id} data-testid="example-card" className="flex flex-col rounded-lg border border-(--color-border) bg-(--color-foreground) p-5">
            <CategoryBadge category={example.category} />
            <h2 className="mt-3 text-xl font-semibold">{example.title}</h2>
            <p className="mt-2 flex-1 text-(--color-light)">{example.description}</p>
            <Link to={example.url} className="mt-4 font-semibold text-(--color-link) underline-offset-4 hover:underline">
              View Details →<span className="sr-only">: {example.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
