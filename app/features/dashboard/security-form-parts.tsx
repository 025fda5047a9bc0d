import { createRef, useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode, type RefObject } from 'react'
import { describedBy, explain, Field, type AuthAnswer } from '../auth/auth-form'
import { inputClass } from './styles'

/** What the "Sign-in and security" forms show in their live region. */
export interface FormStatusValue {
  text: string
  tone: 'info' | 'success' | 'error'
}

export const noStatus: FormStatusValue = { text: '', tone: 'info' }

/**
 * A form's polite live region, always in the page so the first message is announced too. Field
 * errors are not repeated here: focus moves to the field, which names its error.
 */
export function FormStatus({ status, testId }: { status: FormStatusValue; testId: string }) {
  const tone = status.tone === 'error' ? 'text-red' : status.tone === 'success' ? 'text-green' : 'text-(--color-light)'
  return (
    <p role="status" aria-live="polite" className={`min-h-6 text-sm ${tone}`} data-testid={testId} data-tone={status.tone}>
      {status.text}
    </p>
  )
}

/** The first message for each field of a failed Zod parse. */
function firstIssues<K extends string>(issues: Issues): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {}
  for (const issue of issues) {
    const key = String(issue.path[0]) as K
    errors[key] ??= issue.message
  }
  return errors
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

/** The first field (in the order given) that has an error. */
function firstInError<K extends string>(order: readonly K[], errors: Partial<Record<K, string>>): K | undefined {
  return order.find((key) => errors[key])
}

type Issues = readonly { path: readonly PropertyKey[]; message: string }[]

/**
 * The state both security forms keep: an error per field (focus moves to the one to fix), the
 * live-region status, and a busy flag that disables the buttons while a request runs.
 * `fieldProps(name)` wires an InputField to its error and focus target.
 */
export function useSecurityForm<F extends string>(fieldOrder: readonly F[]) {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({})
  const [status, setStatus] = useState<FormStatusValue>(noStatus)
  const [busy, setBusy] = useState(false)
  const refs = useRef(Object.fromEntries(fieldOrder.map((field) => [field, createRef<HTMLInputElement>()])) as Record<F, FieldRef>).current
  const focusLater = useFocusAfterRender()
  const focusField = (field: F) => focusLater(refs[field])
  return {
    errors,
    status,
    setStatus,
    busy,
    focusField,
    /** One field's error (any other is cleared), with the focus on it. */
    fail(field: F, message: string) {
      setErrors({ [field]: message } as Partial<Record<F, string>>)
      focusField(field)
    },
    /** A failed Zod parse: each field's first message, the focus on the first field in error. */
    showIssues(issues: Issues) {
      const found = firstIssues<F>(issues)
      setErrors(found)
      const first = firstInError(fieldOrder, found)
      if (first) focusField(first)
    },
    /** Clears the errors and the status, as a new attempt starts. */
    clear() {
      setErrors({})
      setStatus(noStatus)
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
    fieldProps: (field: F) => ({ name: field, error: errors[field], inputRef: refs[field] }),
  }
}

/** Answers every security form reads the same way: rate limit, lost session, no connection. */
export function generalProblem(answer: AuthAnswer): string | null {
  if (answer.status === 401) return 'Your session has ended. Please sign in again.'
  if (answer.status === 429 || answer.status === 0) return explain(answer)
  return null
}

interface InputFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string
  id: string
  error?: string
  inputRef: RefObject<HTMLInputElement | null>
  /** Ids of texts that describe the field, read after its error. */
  hints?: (string | undefined)[]
  /** Shown under the input (a password checklist, say). */
  children?: ReactNode
}

/** A labelled input with its error and hints wired for assistive technology; focus, not an alert, announces the error. */
export function InputField({ label, id, error, inputRef, hints = [], children, ...input }: InputFieldProps) {
  return (
    <Field label={label} id={id} error={error} alert={false}>
      <input ref={inputRef} id={id} className={inputClass} {...input} {...describedBy(id, error, ...hints)} />
      {children}
    </Field>
  )
}
