import { serviceRates, trainingCourses } from './catalogue'
import { z } from './zod'

/**
 * A quote as the consultancy writes it, one schema for the job page's form, the action, the
 * sendQuote service and GraphQL. Each line is a service of the catalogue at its hourly rate times
 * hours, a training course at its day price times days, or a free line with its own amount. Prices
 * are worked out on the server from the catalogue, never taken from the form.
 */

export const QUOTE_MAX_LINES = 30
const money = (label: string) => z.coerce.number(`${label} must be a number`).positive(`${label} must be more than 0`).max(1_000_000, `${label} is too large`)
const quantity = (label: string) =>
  z.coerce
    .number(`${label} must be a number`)
    .positive(`${label} must be more than 0`)
    .max(10_000, `${label} is too large`)
    .refine((n) => Math.round(n * 4) === n * 4, `${label} is counted in quarters (0.25)`)

export const quoteLineSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('service'), service: z.enum(serviceRates.map((s) => s.slug) as [string, ...string[]], 'Choose a service'), hours: quantity('Hours'), description: z.string().trim().max(200).optional() }),
  z.object({ kind: z.literal('course'), course: z.enum(trainingCourses.map((c) => c.name) as [string, ...string[]], 'Choose a course'), days: quantity('Days'), description: z.string().trim().max(200).optional() }),
  z.object({ kind: z.literal('free'), description: z.string('Describe the line').trim().min(1, 'Describe the line').max(200, 'At most 200 characters'), amount: money('Amount') }),
])
export type QuoteLineInput = z.input<typeof quoteLineSchema>

/** An error of one quote line as the form shows it beside the line's control: "Line 2: hours must be more than 0". */
export function quoteLineError(index: number, message: string): string {
  return `Line ${index + 1}: ${message.charAt(0).toLowerCase()}${message.slice(1)}`
}

/** Today as YYYY-MM-DD in UTC. */
export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10)
}

export const quoteSchema = z.object({
  lines: z.array(quoteLineSchema).min(1, 'Add at least one line').max(QUOTE_MAX_LINES, `At most ${QUOTE_MAX_LINES} lines`),
  validUntil: z
    .string('Give the date the quote is valid until')
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the date the quote is valid until')
    .refine((d) => !Number.isNaN(Date.parse(d)), 'Give the date the quote is valid until')
    .refine((d) => d >= today(), 'The quote must be valid until today or later'),
  note: z.string().trim().max(2000, 'At most 2000 characters').optional(),
})
export type QuoteInput = z.input<typeof quoteSchema>

export const declineQuoteSchema = z.object({
  reason: z.string('Say why you decline the quote').trim().min(1, 'Say why you decline the quote').max(2000, 'At most 2000 characters'),
})

export const stageMoveSchema = z.object({
  note: z.string().trim().max(2000, 'At most 2000 characters').optional(),
})

export const JOB_MESSAGE_MAX = 5000
export const jobMessageSchema = z.object({
  body: z.string('Write a message').trim().max(JOB_MESSAGE_MAX, `At most ${JOB_MESSAGE_MAX} characters`).default(''),
  /** Files uploaded for this message into the job's message folder. */
  files: z.array(z.string()).max(20, 'At most 20 files').default([]),
})

/** A line as priced by the catalogue: pence, to add up without rounding errors. */
export interface PricedLine {
  kind: 'service' | 'course' | 'free'
  description: string
  quantity: number
  unit: 'hour' | 'day' | null
  unitPricePence: number
  amountPence: number
}

export function priceLine(line: z.output<typeof quoteLineSchema>): PricedLine {
  if (line.kind === 'service') {
    const rate = serviceRates.find((s) => s.slug === line.service)!
    const unitPricePence = rate.hourlyRate * 100
    return { kind: 'service', description: line.description || rate.name, quantity: line.hours, unit: 'hour', unitPricePence, amountPence: Math.round(unitPricePence * line.hours) }
  }
  if (line.kind === 'course') {
    const course = trainingCourses.find((c) => c.name === line.course)!
    const unitPricePence = course.dayPrice * 100
    return { kind: 'course', description: line.description || `Training: ${course.name}`, quantity: line.days, unit: 'day', unitPricePence, amountPence: Math.round(unitPricePence * line.days) }
  }
  const amountPence = Math.round(line.amount * 100)
  return { kind: 'free', description: line.description, quantity: 1, unit: null, unitPricePence: amountPence, amountPence }
}

/** Subtotal, VAT at `vatPercent` and total, in pence. */
export function quoteTotals(lines: PricedLine[], vatPercent: number) {
  const subtotalPence = lines.reduce((sum, l) => sum + l.amountPence, 0)
  const vatPence = Math.round((subtotalPence * vatPercent) / 100)
  return { subtotalPence, vatPence, totalPence: subtotalPence + vatPence }
}

/** "£1,234.50" */
export function formatPence(pence: number): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pence / 100)
}
