/**
 * Types of the examples content: the list on /examples and the seven case studies.
 * Content modules hold words and numbers only; the components in app/components/case-study render them.
 */
export const exampleCategories = ['CFD', 'FEA', 'CAD'] as const
export type ExampleCategory = (typeof exampleCategories)[number]

/** An item of the examples list: id, title, category, url and description. */
export interface ExampleListItem {
  id: string
  title: string
  category: ExampleCategory
  url: string
  description: string
}

/** The info card at the top of every case study. */
export interface StudyInfo {
  author: string
  category: ExampleCategory
  focus: string
  challenge: string
  approach: string
  highlight: string
  impact: string
}

/** An image shown through the lazy image component. Width and height are the intrinsic size. */
export interface StudyFigure {
  src: string
  alt: string
  width: number
  height: number
  caption: string
}

export interface StudyTable {
  caption: string
  head: string[]
  rows: string[][]
  /** A line under the table (sources, assumptions). */
  note?: string
}

export interface StudyVideo {
  src: string
  poster: string
  width: number
  height: number
  caption: string
  /** What the video shows, for readers who cannot watch it. */
  description: string
}

export type StudyBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered?: boolean; items: string[] }
  | { kind: 'figure'; figure: StudyFigure }
  | { kind: 'table'; table: StudyTable }
  /** Display maths: `tex` is typeset with KaTeX on the server; `text` is the same equation in words and symbols. */
  | { kind: 'equation'; id: string; tex: string; text: string }
  | { kind: 'video'; video: StudyVideo }

export interface StudySection {
  id: string
  heading: string
  blocks: StudyBlock[]
}

export interface CaseStudy {
  slug: string
  /** The card on /examples. */
  item: ExampleListItem
  title: string
  info: StudyInfo
  /** Shown above the info card, visible while the study is collapsed. */
  lead: StudyFigure
  /** One or two sentences shown before the full study. */
  summary: string
  /** Sections are numbered on the page ("1. Introduction"). */
  numberedSections: boolean
  sections: StudySection[]
}

/** A case study as plain text, for search and the assistant's knowledge index. */
export interface CaseStudyText {
  slug: string
  url: string
  title: string
  category: ExampleCategory
  description: string
  info: StudyInfo
  summary: string
  sections: { heading: string; paragraphs: string[] }[]
}
