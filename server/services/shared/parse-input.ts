import type { z } from '../../../lib/zod'
import { AppError } from '../../errors/app-error'

/** Parses with a Zod schema; a failure becomes BAD_REQUEST with per-field messages. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const fieldErrors: Record<string, string[]> = {}
  for (const issue of result.error.issues) (fieldErrors[String(issue.path[0] ?? '')] ??= []).push(issue.message)
  throw new AppError('BAD_REQUEST', result.error.issues[0]?.message ?? 'Invalid request', { fieldErrors })
}
