import { pageMeta } from '../../lib/meta'

export const meta = () => pageMeta({ path: '/training' })

export default function TrainingPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">Training</h1>
    </section>
  )
}
