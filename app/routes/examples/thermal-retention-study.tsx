import { thermalRetentionStudy } from '../../../content/examples/thermal-retention-study'
import { CaseStudyPage } from '../../components/case-study/case-study-page'
import { studyMeta } from '../../components/case-study/study-meta'

export const meta = () => studyMeta(thermalRetentionStudy)

export default function ThermalRetentionStudyPage() {
  return <CaseStudyPage study={thermalRetentionStudy} />
}
