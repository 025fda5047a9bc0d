import { pageMeta } from '../../lib/meta'

export const meta = () => pageMeta({ path: '/profile' })

export default function ClientDashboardPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">Client dashboard</h1>
    </section>
  )
}
