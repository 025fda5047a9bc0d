import { pageMeta } from '../../../lib/meta'

export const meta = () => pageMeta({ path: '/examples/detailed-drafting' })

export default function DetailedDraftingCADPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">Detailed drafting (CAD)</h1>
    </section>
  )
}
