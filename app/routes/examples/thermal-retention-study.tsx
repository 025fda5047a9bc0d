import { useLoaderData } from 'react-router'
import { thermalRetentionStudy } from '../../../content/examples/thermal-retention-study'
import { metaFromLoader } from '../../../lib/meta-from-loader'
import { CaseStudyPage } from '../../components/case-study/case-study-page'
import { caseStudyData } from './case-study.server'

export const meta = metaFromLoader

export const loader = () => caseStudyData(thermalRetentionStudy)

export default function ThermalRetentionStudyPage() {
  const { content } = useLoaderData<typeof loader>()
  return <CaseStudyPage study={content.study} equations={content.equations} />
}
