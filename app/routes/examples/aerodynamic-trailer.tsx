import { aerodynamicTrailer } from '../../../content/examples/aerodynamic-trailer'
import { CaseStudyPage } from '../../components/case-study/case-study-page'
import { pageMeta } from '../../../lib/meta'

export const meta = () => pageMeta({ path: '/examples/aerodynamic-trailer' })

export default function AerodynamicTrailerPage() {
  return <CaseStudyPage study={aerodynamicTrailer} />
}
