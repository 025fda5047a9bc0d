import { defaultMessages, isAppError, type AppErrorCode } from './app-error'

/**
 * How every HTTP adapter answers a domain error: one table, so a page's action, the list endpoints
 * of the dashboard, the upload endpoint and file downloads agree on the status and the words.
 *
 * UNAUTHORIZED is 401 for a visitor who is not signed in (signing in may help) and 403 for one who
 * is (it will not); its words are always "Unauthorized", never why. INTERNAL and anything that is not
 * an AppError is logged by the caller's `log` and answered with a plain sentence: no message, stack
 * or query of the cause reaches the client.
 */
export const httpAnswerOf: Record<AppErrorCode, { status: number; guestStatus?: number; message?: string }> = {
  UNAUTHORIZED: { status: 403, guestStatus: 401, message: defaultMessages.UNAUTHORIZED },
  NOT_FOUND: { status: 404 },
  GONE: { status: 410 },
  BAD_REQUEST: { status: 400 },
  CONFLICT: { status: 409 },
  TOO_MANY_REQUESTS: { status: 429 },
  PAYLOAD_TOO_LARGE: { status: 413 },
  UNSUPPORTED_MEDIA_TYPE: { status: 415 },
  INTERNAL: { status: 500, message: defaultMessages.INTERNAL },
}

export interface HttpAnswer {
  status: number
  code: AppErrorCode
  /** Safe to show: the domain's own words, or the table's fixed ones. */
  message: string
  /** Per-field messages of a BAD_REQUEST, for forms. */
  fieldErrors?: Record<string, string[]>
}

export interface ToHttpAnswerOptions {
  /** Whether the request had an actor (UNAUTHORIZED: 403 when it did, 401 when it did not). */
  signedIn: boolean
  /** Called with an error the user is not told about (INTERNAL, or not an AppError). */
  log?: (error: unknown) => void
}

/** The status and words of the answer to a failed request. */
export function toHttpAnswer(error: unknown, { signedIn, log }: ToHttpAnswerOptions): HttpAnswer {
  if (!isAppError(error) || error.code === 'INTERNAL') {
    log?.(error)
    return { status: httpAnswerOf.INTERNAL.status, code: 'INTERNAL', message: httpAnswerOf.INTERNAL.message! }
  }
  const row = httpAnswerOf[error.code]
  return {
    status: !signedIn && row.guestStatus ? row.guestStatus : row.status,
    code: error.code,
    message: row.message ?? error.message,
    ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
  }
}
