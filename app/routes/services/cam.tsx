import { pageMeta } from '../../../lib/meta'

export const meta = () => pageMeta({ path: '/services/cam' })

export default function CAMPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">CAM</h1>
    </section>
  )
}
