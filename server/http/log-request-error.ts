import { isRouteErrorResponse } from 'react-router'
import { getAppContext } from '../context/app-context'

/**
 * Logs an error of a page request at error level: the path (never the query string or body, which may
 * hold personal data) and the error, through the server's log and its error serializer. Outside a
 * running server (prerendering at build time) it goes to the console.
 */
export function logRequestError(error: unknown, request: Request) {
  const wrapped = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined
  const err = wrapped ?? error
  const path = new URL(request.url).pathname
  let log
  try {
    log = getAppContext().log
  } catch {
    console.error(err)
    return
  }
  log.error({ err, path }, 'page request failed')
}
