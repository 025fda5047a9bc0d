/**
 * The one error type of the domain layer (STYLE.md habit 5). Services throw it; each edge translates it:
 * a loader/route into an HTTP status, GraphQL into `extensions.code` plus a safe message.
 *
 * Codes (documented once, here):
 * - UNAUTHORIZED      no actor, or the actor may not do this. HTTP 401/403; GraphQL message "Unauthorized".
 * - NOT_FOUND         the thing does not exist (or is hidden from this actor). HTTP 404.
 * - BAD_REQUEST       the input breaks a rule; `message` says which, `fieldErrors` per field. HTTP 400.
 * - CONFLICT          the change clashes with the current state (e.g. email already taken). HTTP 409.
 * - TOO_MANY_REQUESTS a rate limit was reached; `message` says to wait. HTTP 429.
 * - PAYLOAD_TOO_LARGE an upload above UPLOAD_MAX_BYTES. HTTP 413.
 * - UNSUPPORTED_MEDIA_TYPE a file whose content is not an allowed type. HTTP 415.
 * - INTERNAL          anything else; the user sees a plain message, the log has the cause. HTTP 500.
 *
 * Errors cross the boundary between the server entry and the React Router bundle (docs/decisions/001),
 * so recognise them with isAppError (by name), never with instanceof.
 */
export type AppErrorCode =
  | 'UNAUTHORIZED'
  | 'NOT_FOUND'
  | 'BAD_REQUEST'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'INTERNAL'

export const appErrorStatus: Record<AppErrorCode, number> = {
  UNAUTHORIZED: 403,
  NOT_FOUND: 404,
  BAD_REQUEST: 400,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INTERNAL: 500,
}

const defaultMessages: Record<AppErrorCode, string> = {
  UNAUTHORIZED: 'Unauthorized',
  NOT_FOUND: 'Not found',
  BAD_REQUEST: 'Invalid request',
  CONFLICT: 'Conflict',
  TOO_MANY_REQUESTS: 'Too many attempts. Please wait a minute and try again.',
  PAYLOAD_TOO_LARGE: 'The file is too large',
  UNSUPPORTED_MEDIA_TYPE: 'This file type is not allowed',
  INTERNAL: 'Something went wrong.',
}

export interface AppErrorOptions {
  /** Per-field messages for forms (BAD_REQUEST). */
  fieldErrors?: Record<string, string[]>
  cause?: unknown
}

export class AppError extends Error {
  override readonly name = 'AppError'
  readonly code: AppErrorCode
  readonly status: number
  readonly fieldErrors?: Record<string, string[]>

  constructor(code: AppErrorCode, message?: string, options: AppErrorOptions = {}) {
    super(message ?? defaultMessages[code], { cause: options.cause })
    this.code = code
    this.status = appErrorStatus[code]
    this.fieldErrors = options.fieldErrors
  }
}

export function isAppError(error: unknown): error is AppError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'AppError' &&
    typeof (error as { code?: unknown }).code === 'string'
  )
}
