import type { SubmissionResult } from '@conform-to/react'
import type { z } from '../../../lib/zod'
import { resultFor, type CompanyActionResult } from './types'
import { useSchemaForm, type FormDefaults } from '../../components/use-schema-form'

/**
 * A form of the company page on the one form stack: its schema checks it in the browser as the
 * visitor leaves a field and when it is sent, the page's action checks it again with the same
 * schema, and the action's answer (its field errors) comes back to the form as `lastResult`.
 */
export function useCompanyForm<S extends z.ZodObject>(id: string, intent: string, schema: S, result: CompanyActionResult | undefined, defaultValue?: Record<string, string>) {
  return useSchemaForm(schema, {
    id,
    lastResult: resultFor(result, intent)?.result as SubmissionResult<string[]> | undefined,
    defaultValue: defaultValue as FormDefaults<S> | undefined,
    shouldValidate: 'onBlur',
  })
}
