import { pageMeta } from '../../lib/meta'

export const meta = () => pageMeta({ path: '/contact' })

export default function ContactPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">Contact</h1>
    </section>
  )
}
