import katex from 'katex'
import type { CaseStudy } from '../../../content/examples/types'

/**
 * Typesets a study's display equations with KaTeX at render time (prerender or SSR), so the page
 * ships finished HTML and MathML and no maths script. Keyed by equation id.
 */
export function renderStudyEquations(study: CaseStudy): Record<string, string> {
  const html: Record<string, string> = {}
  for (const section of study.sections) {
    for (const block of section.blocks) {
      if (block.kind === 'equation') html[block.id] = katex.renderToString(block.tex, { displayMode: true, throwOnError: true, output: 'htmlAndMathml' })
    }
  }
  return html
}
