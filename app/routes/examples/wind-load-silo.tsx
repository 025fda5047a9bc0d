import 'katex/dist/katex.min.css'
import { useLoaderData } from 'react-router'
import { windLoadSilo } from '../../../content/examples/wind-load-silo'
import { CaseStudyPage } from '../../components/case-study/case-study-page'
import { studyMeta } from '../../components/case-study/study-meta'
import { renderStudyEquations } from '../../components/case-study/render-equations.server'

export const meta = () => studyMeta(windLoadSilo)

/** The equations are typeset here, at prerender time, so the browser receives finished maths. */
export function loader() {
  return { equations: renderStudyEquations(windLoadSilo) }
}

export default function WindLoadSiloPage() {
  const { equations } = useLoaderData<typeof loader>()
  return <CaseStudyPage study={windLoadSilo} equations={equations} />
}
