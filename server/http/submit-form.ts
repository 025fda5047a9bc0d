import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from '../../lib/zod'
import { isAppError } from '../errors/app-error'

export interface SubmitFormOutcome<T> {
  /** The form's result for Conform: its field errors, or a fresh start after a save. */
  result: SubmissionResult<string[]>
  /** What the save returned, when it worked. */
  saved?: T
}

/**
 * A form's fields through its schema (Conform reads the FormData as the browser's form does, lists
 * and their items included), then the service. Field errors, the schema's or the service's, go back
 * to the form keyed by the control's name (`lines[1].hours`), so each shows beside its control.
 * Any other failure is thrown for the caller's error table.
 */
export async function submitForm<S extends z.ZodType, T>(form: FormData, schema: S, save: (value: z.output<S>) => Promise<T>): Promise<SubmitFormOutcome<T>> {
  const submission = parseWithZod(form, { schema })
  if (submission.status !== 'success') return { result: submission.reply() }
  try {
    const saved = await save(submission.value)
    return { result: submission.reply({ resetForm: true }), saved }
  } catch (error) {
    if (isAppError(error) && error.code === 'BAD_REQUEST' && error.fieldErrors) return { result: submission.reply({ fieldErrors: error.fieldErrors }) }
    throw error
  }
}
