import { ApiError } from '../../../lib/api-client'

/** Words for a failed call of the sign-in settings, never the server's internals. */
export function problemText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.code === 'UNAUTHORIZED') return 'Your session has ended. Please sign in again.'
    if (error.code === 'BAD_REQUEST' || error.code === 'CONFLICT' || error.code === 'NOT_FOUND' || error.code === 'TOO_MANY_REQUESTS') return error.message
    if (error.code === 'NETWORK' || error.code === 'TIMEOUT') return 'The server could not be reached. Please try again.'
  }
  return fallback
}

/** The server's message for one field of a failed call (BAD_REQUEST with field errors), if any. */
export function fieldProblem(error: unknown, field: string): string | null {
  if (!(error instanceof ApiError) || error.code !== 'BAD_REQUEST') return null
  return error.errors[0]?.extensions?.fieldErrors?.[field]?.[0] ?? null
}
