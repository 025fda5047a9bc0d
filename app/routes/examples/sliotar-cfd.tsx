import { sliotarCfd } from '../../../content/examples/sliotar-cfd'
import { CaseStudyPage } from '../../components/case-study/case-study-page'
import { studyMeta } from '../../components/case-study/study-meta'

export const meta = () => studyMeta(sliotarCfd)

export default function SliotarCfdPage() {
  return <CaseStudyPage study={sliotarCfd} />
}
