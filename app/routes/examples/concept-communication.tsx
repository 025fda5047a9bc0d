import { useLoaderData } from 'react-router'
import { conceptCommunication } from '../../../content/examples/concept-communication'
import { metaFromLoader } from '../../../lib/meta-from-loader'
import { CaseStudyPage } from '../../components/case-study/case-study-page'
import { caseStudyData } from './case-study.server'

export const meta = metaFromLoader

export const loader = () => caseStudyData(conceptCommunication)

export default function ConceptCommunicationPage() {
  const { content } = useLoaderData<typeof loader>()
  return <CaseStudyPage study={content.study} equations={content.equations} />
}
