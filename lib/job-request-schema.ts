import { limits } from './catalogue'
import { z } from './zod'

/**
 * A job request as a client writes it, one schema for every entry point: the dashboard's Create Job
 * Request form (checked in the browser before sending), the /profile action, the createJobRequest
 * service and GraphQL's createJobRequests. Its field names are the database columns
 * (server/db/schema/job-requests.ts) and the GraphQL field names alike.
 *
 * The form has no required field. Priority is 1 (Low) to 5 (High), 3 when not given. Status,
 * membership and files are not the client's to write: a new request is "pending" and a member's,
 * and its files are uploaded into its folder once it exists.
 */

/** Optional text: trimmed; empty, missing or null is "none". */
function text(max: number) {
  return z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z
      .string()
      .trim()
      .max(max, `At most ${max} characters`)
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
  )
}

export const PRIORITY_MESSAGE = `Priority must be ${limits.priorityMin} to ${limits.priorityMax}`

export const jobRequestSchema = z.object({
  job: text(500),
  reference: text(500),
  instructions: text(10_000),
  priority: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.coerce.number(PRIORITY_MESSAGE).int(PRIORITY_MESSAGE).min(limits.priorityMin, PRIORITY_MESSAGE).max(limits.priorityMax, PRIORITY_MESSAGE).default(limits.priorityDefault),
  ),
})

/** What the form or an API sends. */
export type JobRequestFormInput = z.input<typeof jobRequestSchema>
/** What is stored (priority as a number 1..5). */
export type JobRequestFields = z.output<typeof jobRequestSchema>
export type JobRequestField = keyof JobRequestFields

/** The words under the priority slider, Low to High. */
export const priorityWords: Record<number, string> = { 1: 'Low', 2: 'Fairly low', 3: 'Medium', 4: 'Fairly high', 5: 'High' }
