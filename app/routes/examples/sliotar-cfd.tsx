import { sliotarCfd } from '../../../content/examples/sliotar-cfd'
import { CaseStudyPage } from '../../components/case-study/case-study-page'
import { pageMeta } from '../../../lib/meta'

export const meta = () => pageMeta({ path: '/examples/sliotar-cfd' })

export default function SliotarCfdPage() {
  return <CaseStudyPage study={sliotarCfd} />
}
