/**
 * The examples content in one import: the list on /examples and every case study, both as rich
 * content for the pages and as plain text for search and the assistant's knowledge index.
 */
import { aerodynamicTrailer } from './aerodynamic-trailer'
import { conceptCommunication } from './concept-communication'
import { detailedDrafting } from './detailed-drafting'
import { examples } from './list'
import { sketchToDrawing } from './sketch-to-drawing'
import { sliotarCfd } from './sliotar-cfd'
import { caseStudyText } from './study-text'
import { thermalRetentionStudy } from './thermal-retention-study'
import type { CaseStudy, CaseStudyText } from './types'
import { windLoadSilo } from './wind-load-silo'

export { examples }
export type { CaseStudy, CaseStudyText, ExampleCategory, ExampleListItem, StudyInfo } from './types'

/** The seven studies, in the order of the examples list. */
export const caseStudyContent: CaseStudy[] = [windLoadSilo, thermalRetentionStudy, aerodynamicTrailer, sliotarCfd, sketchToDrawing, detailedDrafting, conceptCommunication]

/** Every study as plain text: slug, title, category, info card fields and the full write-up by section. */
export const caseStudies: CaseStudyText[] = caseStudyContent.map(caseStudyText)
