import type { StudyBlock, StudyFigure, StudySection, StudyTable, StudyVideo } from './types'

/** Builders for the blocks of a case study, so a study reads as its content rather than as tagged records. */

export function section(id: string, heading: string, blocks: StudyBlock[]): StudySection {
  return { id, heading, blocks }
}

export function paragraph(text: string): StudyBlock {
  return { kind: 'paragraph', text }
}

/** A bulleted list. */
export function list(items: string[]): StudyBlock {
  return { kind: 'list', items }
}

/** A numbered list, for steps that follow one another. */
export function orderedList(items: string[]): StudyBlock {
  return { kind: 'list', ordered: true, items }
}

export function figure(figure: StudyFigure): StudyBlock {
  return { kind: 'figure', figure }
}

/** A table with its caption, column heads and rows; `note` is a line under it (sources, assumptions). */
export function table(caption: string, head: string[], rows: string[][], note?: string): StudyBlock {
  const table: StudyTable = note === undefined ? { caption, head, rows } : { caption, head, rows, note }
  return { kind: 'table', table }
}

/** Display maths: `tex` is typeset on the server; `text` is the same equation in words and symbols. */
export function equation(equation: { id: string; tex: string; text: string }): StudyBlock {
  return { kind: 'equation', ...equation }
}

export function video(video: StudyVideo): StudyBlock {
  return { kind: 'video', video }
}
