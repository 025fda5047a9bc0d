import { sketchToDrawing } from '../../../content/examples/sketch-to-drawing'
import { CaseStudyPage } from '../../components/case-study/case-study-page'
import { studyMeta } from '../../components/case-study/study-meta'

export const meta = () => studyMeta(sketchToDrawing)

export default function SketchToDrawingPage() {
  return <CaseStudyPage study={sketchToDrawing} />
}
