import type { Submission, SubmissionResult } from '@conform-to/react'
import { createRef, useEffect, useRef, useState, type RefObject } from 'react'
import { z } from '../../../lib/zod'
import type { FieldProps } from '../../components/forms'
import { explain, type AuthAnswer } from '../auth/auth-form'
import { StatusMessage } from '../../components/portal/status-message'
import { useStatus, type Status } from '../../components/portal/use-status'

/** What the "Sign-in and security" forms show in their live region. */
export type FormStatusValue = Status

/**
 * A form's polite live region, always in the page so the first message is announced too; the
 * message clears after the status time-out. Field errors are not repeated here: focus moves to the
 * field, which names its error.
 */
export function FormStatus({ status, testId }: { status: FormStatusValue; testId: string }) {
  return <StatusMessage status={status} testId={testId} />
}

type FieldRef = RefObject<HTMLInputElement | null>

/**
 * Focus that moves once the next render is on screen: the field then already carries aria-invalid
 * and names its error, and a field that only appears with a new step exists by then.
 */
function useFocusAfterRender(): (ref: FieldRef) => void {
  const [target, setTarget] = useState<{ ref: FieldRef } | null>(null)
  useEffect(() => {
    target?.ref.current?.focus()
  }, [target])
  return (ref) => setTarget({ ref })
}

/**
 * The state the security forms keep: an error per field (focus moves to the first one to fix),
 * the live-region status (cleared after 3 s), and a busy flag that disables the buttons while a
 * request runs. `field(name)` wires a Field (app/components/forms.tsx) to its error and focus.
 */
export function useSecurityForm<F extends string>(fieldOrder: readonly F[]) {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({})
  const { status, show, clear: clearStatus } = useStatus()
  const [busy, setBusy] = useState(false)
  const refs = useRef(Object.fromEntries(fieldOrder.map((field) => [field, createRef<HTMLInputElement>()])) as Record<F, FieldRef>).current
  const focusLater = useFocusAfterRender()
  const focusField = (field: F) => focusLater(refs[field])
  return {
    errors,
    status,
    setStatus: (value: FormStatusValue) => show(value.text, value.tone),
    busy,
    focusField,
    /** One field's error (any other is cleared), with the focus on it. */
    fail(field: F, message: string) {
      setErrors({ [field]: message } as Partial<Record<F, string>>)
      focusField(field)
    },
    /** A failed parse of the form's schema: each field's first message, the focus on the first field in error. */
    showIssues(error: z.ZodError) {
      const { fieldErrors } = z.flattenError(error) as { fieldErrors: Partial<Record<F, string[]>> }
      const found = Object.fromEntries(fieldOrder.filter((f) => fieldErrors[f]?.length).map((f) => [f, fieldErrors[f]![0]])) as Partial<Record<F, string>>
      setErrors(found)
      const first = fieldOrder.find((f) => found[f])
      if (first) focusField(first)
    },
    /** Clears the errors and the status, as a new attempt starts. */
    clear() {
      setErrors({})
      clearStatus()
    },
    /** Runs a request with the buttons disabled. */
    async whileBusy<T>(work: () => Promise<T>): Promise<T> {
      setBusy(true)
      try {
        return await work()
      } finally {
        setBusy(false)
      }
    },
    /** A Field's errors, and its input's props with the name and focus target. */
    field: (name: F, inputProps: FieldProps['inputProps']) => ({ errors: errors[name] ? [errors[name]] : undefined, inputProps: { ...inputProps, name, ref: refs[name] } }),
  }
}

/**
 * A Conform form whose answer comes from the auth API in the browser rather than from a route's
 * action: the schema checks the fields before anything is sent; the API's refusal of a field is
 * handed back to Conform as the form's result (`refuse`), so it shows beside that field and takes
 * the focus, as a schema error does. Also the live-region status and the busy flag.
 */
export function useAuthApiForm() {
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>(undefined)
  const { status, show, clear } = useStatus()
  const [busy, setBusy] = useState(false)
  return {
    lastResult,
    status,
    busy,
    setStatus: (value: FormStatusValue) => show(value.text, value.tone),
    clearStatus: clear,
    /** The API refused one field: its message beside it. */
    refuse(submission: Submission<unknown>, field: string, message: string) {
      setLastResult(submission.reply({ fieldErrors: { [field]: [message] } }))
    },
    /** The change was made: the fields are emptied. */
    done(submission: Submission<unknown>) {
      setLastResult(submission.reply({ resetForm: true }))
    },
    /** Runs a request with the buttons disabled. */
    async whileBusy<T>(work: () => Promise<T>): Promise<T> {
      setBusy(true)
      try {
        return await work()
      } finally {
        setBusy(false)
      }
    },
  }
}

/** Focus on a control by its id once the next render is on screen (a control a new step shows exists by then). */
export function useFocusLater(): (id: string) => void {
  const [target, setTarget] = useState<{ id: string } | null>(null)
  useEffect(() => {
    if (target) document.getElementById(target.id)?.focus()
  }, [target])
  return (id) => setTarget({ id })
}

/** The first error of a field: one reason at a time, the one to fix first. */
export function firstError(errors: string[] | undefined): string[] | undefined {
  return errors?.slice(0, 1)
}

/** Answers every security form reads the same way: rate limit, lost session, no connection. */
export function generalProblem(answer: AuthAnswer): string | null {
  if (answer.status === 401) return 'Your session has ended. Please sign in again.'
  if (answer.status === 429 || answer.status === 0) return explain(answer)
  return null
}
