import { pageMeta } from '../../../lib/meta'

export const meta = () => pageMeta({ path: '/examples/sliotar-cfd' })

export default function SliotarAerodynamicsCFDPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">Sliotar aerodynamics (CFD)</h1>
    </section>
  )
}
