import { summarizeFields, type FieldSummary } from './field-summary'
import { readSimulationResult } from './read-simulation-result'
import { cellCount, pointCount } from './result-mesh'

/** A result file's key numbers, as its card shows them: its size and each field's extremes and where they are. */
export interface ResultSummary {
  points: number
  cells: number
  fields: FieldSummary[]
}

/**
 * The largest result file whose key numbers the server reads when its upload completes (a larger one
 * is shown without them; its preview still reads every field). Reading is synchronous work on the
 * server's thread, a few tenths of a second at this size.
 */
export const RESULT_SUMMARY_MAX_BYTES = 32 * 1000 ** 2

/** The most fields a summary keeps (a file with more lists the first ones). */
export const RESULT_SUMMARY_MAX_FIELDS = 40

/** A result file's key numbers, read from its bytes by its extension. Throws when the file cannot be read. */
export function resultSummaryOf(extension: string, bytes: Uint8Array): ResultSummary {
  const mesh = readSimulationResult(extension, bytes)
  return { points: pointCount(mesh), cells: cellCount(mesh), fields: summarizeFields(mesh).slice(0, RESULT_SUMMARY_MAX_FIELDS) }
}
