import { summarizeFields, type FieldSummary } from './field-summary'
import { readSimulationResult } from './read-simulation-result'
import { cellCount, pointCount } from './result-mesh'

/** A result file's key numbers, as its card shows them: its size and each field's extremes and where they are. */
export interface ResultSummary {
  points: number
  cells: number
  fields: FieldSummary[]
}

/** The most fields a summary keeps (a file with more lists the first ones). */
export const RESULT_SUMMARY_MAX_FIELDS = 40

/** A result file's key numbers, read from its bytes by its extension. Throws when the file cannot be read. */
export function resultSummaryOf(extension: string, bytes: Uint8Array): ResultSummary {
  const mesh = readSimulationResult(extension, bytes)
  return { points: pointCount(mesh), cells: cellCount(mesh), fields: summarizeFields(mesh).slice(0, RESULT_SUMMARY_MAX_FIELDS) }
}
