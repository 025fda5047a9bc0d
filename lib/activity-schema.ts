import { activityActionLabels } from './activity-actions'
import { z } from './zod'

/** Entries per page of the activity log. */
export const ACTIVITY_PAGE_SIZE = 25
/** The most rows one CSV export holds (narrow the filter for older ones). */
export const ACTIVITY_EXPORT_MAX_ROWS = 50_000

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-26')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'Use a date like 2026-11-26')

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional())

/**
 * The admin's filter of the whole log: an account (part of its email), one action, and a span of
 * days (from and to, both included, in UTC). The same schema reads the page's form and the CSV link.
 */
export const activityFilterSchema = z
  .object({
    account: optional(z.string().trim().toLowerCase().max(254, 'At most 254 characters')),
    action: optional(z.string().refine((a) => Object.hasOwn(activityActionLabels, a), 'Choose an action from the list')),
    from: optional(day),
    to: optional(day),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { path: ['to'], message: 'The end date is before the start date' })

export type ActivityFilter = z.output<typeof activityFilterSchema>

export const activityPageSchema = z.coerce.number().int().min(1).max(100_000).catch(1)
