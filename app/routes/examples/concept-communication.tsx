import { pageMeta } from '../../../lib/meta'

export const meta = () => pageMeta({ path: '/examples/concept-communication' })

export default function ConceptCommunicationCADPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">Concept communication (CAD)</h1>
    </section>
  )
}
