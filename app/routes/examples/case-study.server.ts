import type { CaseStudy, StudyBlock } from '../../../content/examples/types'
import { pageData } from '../../../lib/page-data'
import { site } from '../../../lib/site'
import { renderStudyEquations } from '../../components/case-study/render-equations.server'
import { typeset } from '../../components/case-study/typeset'

/** A study's TechArticle structured data, as a meta descriptor added to the route's title and description. */
export function studyJsonLd(study: CaseStudy) {
  return [
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'TechArticle',
        headline: study.title,
        description: study.item.description,
        abstract: study.summary,
        about: study.info.focus,
        genre: study.item.category,
        url: study.item.url,
        author: { '@type': 'Organization', name: site.companyName },
        publisher: { '@type': 'Organization', name: site.legalName },
        image: study.lead.src,
        inLanguage: 'en-GB',
      },
    },
  ]
}

function typesetBlock(block: StudyBlock): StudyBlock {
  switch (block.kind) {
    case 'paragraph':
      return { ...block, text: typeset(block.text) }
    case 'list':
      return { ...block, items: block.items.map(typeset) }
    case 'table': {
      const { table } = block
      // The first cell of a row is its header, left as written.
      const rows = table.rows.map((row) => row.map((cell, c) => (c === 0 ? cell : typeset(cell))))
      return { ...block, table: { ...table, rows, ...(table.note !== undefined && { note: typeset(table.note) }) } }
    }
    default:
      return block
  }
}

/** The study as the page shows it: every number kept with its unit in the summary, prose, lists and table data. */
export function typesetStudy(study: CaseStudy): CaseStudy {
  return {
    ...study,
    summary: typeset(study.summary),
    sections: study.sections.map((section) => ({ ...section, blocks: section.blocks.map(typesetBlock) })),
  }
}

/**
 * A case study's route data, built at prerender time: the typeset study, its metadata with the
 * TechArticle structured data and, with `equations`, its display maths typeset by KaTeX.
 */
export function caseStudyData(study: CaseStudy, { equations = false } = {}) {
  return pageData(study.item.url, { study: typesetStudy(study), equations: equations ? renderStudyEquations(study) : {} }, studyJsonLd(study))
}
