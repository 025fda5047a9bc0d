import type { Submission, SubmissionResult } from '@conform-to/react'
import { useEffect, useState } from 'react'
import { explain, type AuthAnswer } from './auth-form'
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

/**
 * A Conform form whose answer comes from an API the browser calls (the auth API, GraphQL) rather
 * than from a route's action: the schema checks the fields before anything is sent; the API's
 * refusal of a field is handed back to Conform as the form's result (`refuse`), so it shows beside
 * that field and takes the focus, as a schema error does. Also the live-region status and the busy
 * flag.
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
