import { pageMeta } from '../../../lib/meta'

export const meta = () => pageMeta({ path: '/examples/sketch-to-drawing' })

export default function SketchToDrawingCADPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">Sketch to drawing (CAD)</h1>
    </section>
  )
}
