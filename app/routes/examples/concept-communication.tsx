import { conceptCommunication } from '../../../content/examples/concept-communication'
import { CaseStudyPage } from '../../components/case-study/case-study-page'
import { pageMeta } from '../../../lib/meta'

export const meta = () => pageMeta({ path: '/examples/concept-communication' })

export default function ConceptCommunicationPage() {
  return <CaseStudyPage study={conceptCommunication} />
}
