import { useLoaderData } from 'react-router'
import { aerodynamicTrailer } from '../../../content/examples/aerodynamic-trailer'
import { metaFromLoader } from '../../../lib/meta-from-loader'
import { CaseStudyPage } from '../../components/case-study/case-study-page'
import { caseStudyData } from './case-study.server'

export const meta = metaFromLoader

export const loader = () => caseStudyData(aerodynamicTrailer)

export default function AerodynamicTrailerPage() {
  const { content } = useLoaderData<typeof loader>()
  return <CaseStudyPage study={content.study} equations={content.equations} />
}
