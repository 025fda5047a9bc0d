import { pageMeta } from '../../../lib/meta'

export const meta = () => pageMeta({ path: '/projects/bonenet' })

export default function BoneNetPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">BoneNet</h1>
    </section>
  )
}
