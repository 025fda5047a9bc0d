import { pageMeta } from '../../../lib/meta'

export const meta = () => pageMeta({ path: '/examples/aerodynamic-trailer' })

export default function AerodynamicTrailerCFDPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">Aerodynamic trailer (CFD)</h1>
    </section>
  )
}
