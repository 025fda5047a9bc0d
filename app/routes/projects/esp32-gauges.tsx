import { pageMeta } from '../../../lib/meta'

export const meta = () => pageMeta({ path: '/projects/esp32-gauges' })

export default function ESP32GaugesPage() {
  return (
    <section className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">ESP32 Gauges</h1>
    </section>
  )
}
