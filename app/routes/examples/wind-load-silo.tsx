import 'katex/dist/katex.min.css'
import { useLoaderData } from 'react-router'
import { windLoadSilo } from '../../../content/examples/wind-load-silo'
import { metaFromLoader } from '../../../lib/page-data'
import { CaseStudyPage } from '../../components/case-study/case-study-page'
import { caseStudyData } from './case-study.server'

/** The equations are typeset here, at prerender time, so the browser receives finished maths. */
export const loader = () => caseStudyData(windLoadSilo, { equations: true })
export const meta = metaFromLoader

export default function WindLoadSiloPage() {
  const { content } = useLoaderData<typeof loader>()
  return <CaseStudyPage study={content.study} equations={content.equations} />
}
