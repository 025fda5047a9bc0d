import { pageMeta } from '../../lib/meta'

export const meta = () => pageMeta({ path: '/terms' })

export default function TermsAndConditionsPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">Terms and conditions</h1>
    </section>
  )
}
