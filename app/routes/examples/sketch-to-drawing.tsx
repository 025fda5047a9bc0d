import { sketchToDrawing } from '../../../content/examples/sketch-to-drawing'
import { CaseStudyPage } from '../../components/case-study/case-study-page'
import { pageMeta } from '../../../lib/meta'

export const meta = () => pageMeta({ path: '/examples/sketch-to-drawing' })

export default function SketchToDrawingPage() {
  return <CaseStudyPage study={sketchToDrawing} />
}
