import { pageMeta } from '../../../lib/meta'

export const meta = () => pageMeta({ path: '/examples/thermal-retention-study' })

export default function ThermalRetentionStudyCFDPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">Thermal retention study (CFD)</h1>
    </section>
  )
}
