import type { CaseStudy, CaseStudyText, StudyBlock } from './types'

function blockText(block: StudyBlock): string[] {
  switch (block.kind) {
    case 'paragraph':
      return [block.text]
    case 'list':
      return block.items
    case 'figure':
      return [`Figure: ${block.figure.caption}`]
    case 'table': {
      const rows = block.table.rows.map((row) => row.map((cell, i) => `${block.table.head[i]}: ${cell}`).join('; '))
      return [`Table: ${block.table.caption}`, ...rows, ...(block.table.note ? [block.table.note] : [])]
    }
    case 'equation':
      return [block.text]
    case 'video':
      return [`Video: ${block.video.caption}. ${block.video.description}`]
  }
}

/** The study as plain paragraphs, for indexing. */
export function caseStudyText(study: CaseStudy): CaseStudyText {
  return {
    slug: study.slug,
    url: study.item.url,
    title: study.title,
    category: study.item.category,
    description: study.item.description,
    info: study.info,
    summary: study.summary,
    sections: study.sections.map((section, i) => ({
      heading: study.numberedSections ? `${i + 1}. ${section.heading}` : section.heading,
      paragraphs: section.blocks.flatMap(blockText),
    })),
  }
}

