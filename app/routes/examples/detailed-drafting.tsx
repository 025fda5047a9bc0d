import { detailedDrafting } from '../../../content/examples/detailed-drafting'
import { CaseStudyPage } from '../../components/case-study/case-study-page'
import { pageMeta } from '../../../lib/meta'

export const meta = () => pageMeta({ path: '/examples/detailed-drafting' })

export default function DetailedDraftingPage() {
  return <CaseStudyPage study={detailedDrafting} />
}
