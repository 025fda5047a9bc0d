/** The job page action's answer to every intent: whether it worked, and what to show when it did not. */
export interface JobActionResult {
  intent: string
  ok: boolean
  message?: string
  /** Per-field messages, by the field's name in the schema (lines.0.hours, reason, body, ...). */
  fieldErrors?: Record<string, string[]>
}
