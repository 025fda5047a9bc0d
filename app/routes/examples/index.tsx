import { pageMeta } from '../../../lib/meta'

export const meta = () => pageMeta({ path: '/examples' })

export default function TechnicalExamplesPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">Technical Examples</h1>
    </section>
  )
}
