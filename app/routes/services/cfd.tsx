import { pageMeta } from '../../../lib/meta'

export const meta = () => pageMeta({ path: '/services/cfd' })

export default function CFDAnalysisPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">CFD Analysis</h1>
    </section>
  )
}
