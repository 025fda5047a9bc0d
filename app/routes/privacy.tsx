import { pageMeta } from '../../lib/meta'

export const meta = () => pageMeta({ path: '/privacy' })

export default function PrivacyPolicyPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">Privacy policy</h1>
    </section>
  )
}
