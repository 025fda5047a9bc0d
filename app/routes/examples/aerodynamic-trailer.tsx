import { aerodynamicTrailer } from '../../../content/examples/aerodynamic-trailer'
import { CaseStudyPage } from '../../components/case-study/case-study-page'
import { studyMeta } from '../../components/case-study/study-meta'

export const meta = () => studyMeta(aerodynamicTrailer)

export default function AerodynamicTrailerPage() {
  return <CaseStudyPage study={aerodynamicTrailer} />
}
