import { pageMeta } from '../../../lib/meta'

export const meta = () => pageMeta({ path: '/services/api' })

export default function APIDevelopmentPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">API Development</h1>
    </section>
  )
}
