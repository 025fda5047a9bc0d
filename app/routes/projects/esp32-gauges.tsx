import { pageMeta } from '../../../lib/meta'
import { ProjectPage } from '../../components/content/project-page'

export const meta = () => pageMeta({ path: '/projects/esp32-gauges' })

export default function ESP32GaugesPage() {
  return <ProjectPage slug="esp32-gauges" />
}
