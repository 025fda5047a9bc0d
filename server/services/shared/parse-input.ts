import { fieldErrorsOf } from '../../../lib/field-path'
import type { z } from '../../../lib/zod'
import { AppError } from '../../errors/app-error'

/**
 * Parses with a Zod schema; a failure becomes BAD_REQUEST with per-field messages, keyed by the
 * field's whole name (`lines[1].hours`, not `lines`), so a form shows each at the control it is about.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  throw new AppError('BAD_REQUEST', result.error.issues[0]?.message ?? 'Invalid request', { fieldErrors: fieldErrorsOf(result.error.issues) })
}
