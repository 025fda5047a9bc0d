import { pageMeta } from '../../lib/meta'

export const meta = () => pageMeta({ path: '/faqs' })

export default function FAQsPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">FAQs</h1>
    </section>
  )
}
