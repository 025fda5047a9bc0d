import { useLoaderData } from 'react-router'
import { sliotarCfd } from '../../../content/examples/sliotar-cfd'
import { metaFromLoader } from '../../../lib/meta-from-loader'
import { CaseStudyPage } from '../../components/case-study/case-study-page'
import { caseStudyData } from './case-study.server'

export const meta = metaFromLoader

export const loader = () => caseStudyData(sliotarCfd)

export default function SliotarCfdPage() {
  const { content } = useLoaderData<typeof loader>()
  return <CaseStudyPage study={content.study} equations={content.equations} />
}
