import { pageMeta } from '../../lib/meta'

export const meta = () => pageMeta({ path: '/about' })

export default function AboutUsPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">About us</h1>
    </section>
  )
}
