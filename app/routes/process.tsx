import { pageMeta } from '../../lib/meta'

export const meta = () => pageMeta({ path: '/process' })

export default function DesignProcessPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">Design process</h1>
    </section>
  )
}
