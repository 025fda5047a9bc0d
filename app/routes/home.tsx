import { pageMeta } from '../../lib/meta'

export const meta = () => pageMeta({ path: '/' })

export default function ComputationalEngineeringConsultancyPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">Computational engineering consultancy</h1>
    </section>
  )
}
