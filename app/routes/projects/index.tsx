import { pageMeta } from '../../../lib/meta'

export const meta = () => pageMeta({ path: '/projects' })

export default function ProjectsPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">Projects</h1>
    </section>
  )
}
