import { pageMeta } from '../../lib/meta'

export const meta = () => pageMeta({ path: '/support' })

export default function SupportPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">Support</h1>
    </section>
  )
}
