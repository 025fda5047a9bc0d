import { conceptCommunication } from '../../../content/examples/concept-communication'
import { CaseStudyPage } from '../../components/case-study/case-study-page'
import { studyMeta } from '../../components/case-study/study-meta'

export const meta = () => studyMeta(conceptCommunication)

export default function ConceptCommunicationPage() {
  return <CaseStudyPage study={conceptCommunication} />
}
