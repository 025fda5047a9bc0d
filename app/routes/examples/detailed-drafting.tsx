import { detailedDrafting } from '../../../content/examples/detailed-drafting'
import { CaseStudyPage } from '../../components/case-study/case-study-page'
import { studyMeta } from '../../components/case-study/study-meta'

export const meta = () => studyMeta(detailedDrafting)

export default function DetailedDraftingPage() {
  return <CaseStudyPage study={detailedDrafting} />
}
