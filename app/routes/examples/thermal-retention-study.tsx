import { thermalRetentionStudy } from '../../../content/examples/thermal-retention-study'
import { CaseStudyPage } from '../../components/case-study/case-study-page'
import { pageMeta } from '../../../lib/meta'

export const meta = () => pageMeta({ path: '/examples/thermal-retention-study' })

export default function ThermalRetentionStudyPage() {
  return <CaseStudyPage study={thermalRetentionStudy} />
}
