import { useForm, type DefaultValue, type Submission } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from '../../lib/zod'

/** The fields a form's schema reads (a schema of a form reads an object's fields). */
type FormInput<S extends z.ZodType> = Extract<z.input<S>, Record<string, unknown>>
/** A form's starting values, by its schema's fields. */
export type FormDefaults<S extends z.ZodType> = DefaultValue<FormInput<S>>
type FormOptions<S extends z.ZodType> = Parameters<typeof useForm<FormInput<S>, z.output<S>>>[0]

/**
 * A Conform form checked by its schema, the one the server parses the same fields with: the browser
 * checks the fields when the form is sent, then each again as it is corrected, so the errors a visitor
 * sees are the server's words. `asTyped` reads the fields as typed, an empty one as '' rather than
 * "missing" (the auth schemas expect that); a form may check earlier (`shouldValidate: 'onBlur'`).
 */
export function useSchemaForm<S extends z.ZodType>(schema: S, { asTyped = false, ...options }: Omit<FormOptions<S>, 'onValidate'> & { asTyped?: boolean }) {
  return useForm<FormInput<S>, z.output<S>>({
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    ...options,
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: asTyped }) as Submission<FormInput<S>, string[], z.output<S>>,
  })
}
