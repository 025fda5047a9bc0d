/**
 * The one error type of the domain layer. Services throw it; each edge translates it once: every
 * HTTP adapter (pages' loaders and actions, uploads, downloads) through the table of
 * to-http-answer.ts beside this file, GraphQL into `extensions.code` with the same words.
 *
 * Codes (documented once, here; the HTTP status of each is in to-http-answer.ts):
 * - UNAUTHORIZED      no actor, or the actor may not do this. The message is always "Unauthorized".
 * - NOT_FOUND         the thing does not exist (or is hidden from this actor).
 * - GONE              the thing was deleted, and this actor could see it: `message` says by whom and when.
 * - BAD_REQUEST       the input breaks a rule; `message` says which, `fieldErrors` per field.
 * - CONFLICT          the change clashes with the current state (e.g. email already taken).
 * - TOO_MANY_REQUESTS a rate limit was reached; `message` says to wait.
 * - PAYLOAD_TOO_LARGE an upload above UPLOAD_MAX_BYTES, or more than the account's storage quota has room for.
 * - UNSUPPORTED_MEDIA_TYPE a file whose content is not an allowed type.
 * - INTERNAL          anything else; the user sees a plain message, the log has the cause.
 *
 * Errors cross the boundary between the server entry and the React Router bundle (docs/decisions/001),
 * so recognise them with isAppError (by name), never with instanceof.
 */
export type AppErrorCode =
  | 'UNAUTHORIZED'
  | 'NOT_FOUND'
  | 'GONE'
  | 'BAD_REQUEST'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'INTERNAL'

export const defaultMessages: Record<AppErrorCode, string> = {
  UNAUTHORIZED: 'Unauthorized',
  NOT_FOUND: 'Not found',
  GONE: 'This was deleted',
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
  readonly fieldErrors?: Record<string, string[]>

  constructor(code: AppErrorCode, message?: string, options: AppErrorOptions = {}) {
    super(message ?? defaultMessages[code], { cause: options.cause })
    this.code = code
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
