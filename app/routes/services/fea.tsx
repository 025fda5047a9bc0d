import { pageMeta } from '../../../lib/meta'

export const meta = () => pageMeta({ path: '/services/fea' })

export default function FEAAnalysisPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">FEA Analysis</h1>
    </section>
  )
}
