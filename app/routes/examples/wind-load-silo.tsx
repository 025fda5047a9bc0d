import { pageMeta } from '../../../lib/meta'

export const meta = () => pageMeta({ path: '/examples/wind-load-silo' })

export default function WindLoadOnASiloFEAPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">Wind load on a silo (FEA)</h1>
    </section>
  )
}
