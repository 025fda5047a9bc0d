import { pageMeta } from '../../../lib/meta'

export const meta = () => pageMeta({ path: '/services/cad' })

export default function CADDesignPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">CAD Design</h1>
    </section>
  )
}
