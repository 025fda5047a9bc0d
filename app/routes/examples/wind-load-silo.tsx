import katexStylesheet from 'katex/dist/katex.min.css?url'
import { useLoaderData } from 'react-router'
import { windLoadSilo } from '../../../content/examples/wind-load-silo'
import { metaFromLoader } from '../../../lib/meta-from-loader'
import { CaseStudyPage } from '../../components/case-study/case-study-page'
import { caseStudyData } from './case-study.server'

/** The equations are typeset here, at prerender time, so the browser receives finished maths. */
export const meta = metaFromLoader

export const loader = () => caseStudyData(windLoadSilo, { equations: true })

export default function WindLoadSiloPage() {
  const { content } = useLoaderData<typeof loader>()
  // KaTeX's stylesheet, on this page only, linked when the write-up opens. As a URL (not a side-effect
  // import) the server build refers to the client's file instead of emitting a copy of its own.
  return <CaseStudyPage study={content.study} equations={content.equations} equationStylesheet={katexStylesheet} />
}
