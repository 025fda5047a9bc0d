import { pageMeta } from '../../../lib/meta'

export const meta = () => pageMeta({ path: '/services' })

export default function ServicesPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">Services</h1>
    </section>
  )
}
