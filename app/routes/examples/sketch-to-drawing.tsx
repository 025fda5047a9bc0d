import { useLoaderData } from 'react-router'
import { sketchToDrawing } from '../../../content/examples/sketch-to-drawing'
import { metaFromLoader } from '../../../lib/meta-from-loader'
import { CaseStudyPage } from '../../components/case-study/case-study-page'
import { caseStudyData } from './case-study.server'

export const meta = metaFromLoader

export const loader = () => caseStudyData(sketchToDrawing)

export default function SketchToDrawingPage() {
  const { content } = useLoaderData<typeof loader>()
  return <CaseStudyPage study={content.study} equations={content.equations} />
}
