import type { SubmissionResult } from '@conform-to/react'

/** The job page action's answer to every intent: whether it worked, and what to show when it did not. */
export interface JobActionResult {
  intent: string
  ok: boolean
  /** A failure that is not about one field, in words a person can read. */
  message?: string
  /** A form's result for Conform: errors by the control's name (lines[1].hours, reason, body, ...). */
  result?: SubmissionResult<string[]>
}
