import { pageMeta } from '../../lib/meta'

export const meta = () => pageMeta({ path: '/cookie' })

export default function CookiePolicyPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">Cookie policy</h1>
    </section>
  )
}
