import pino from 'pino'

export type { Logger } from 'pino'

/**
 * A database error names the values of the failed query (Drizzle's `params`, PostgreSQL's `detail`
 * such as "Key (email)=(…) already exists"): a visitor's email, name or message. The log keeps the
 * query and the reason, not the values.
 */
function serializeError(error: unknown) {
  const serialized = pino.stdSerializers.err(error as Error) as unknown
  if (!serialized || typeof serialized !== 'object') return serialized
  const out = serialized as Record<string, unknown>
  for (let e = error as { params?: unknown; cause?: unknown } | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as typeof e, depth++) {
    if (!Array.isArray(e.params) || e.params.length === 0) continue
    const line = `\nparams: ${String(e.params)}`
    for (const key of ['message', 'stack'] as const) if (typeof out[key] === 'string') out[key] = (out[key] as string).split(line).join('\nparams: [redacted]')
  }
  if ('params' in out) out.params = '[redacted]'
  if (typeof out.detail === 'string') out.detail = out.detail.replace(/=\(.*\)/s, '=([redacted])')
  return out
}

/**
 * Structured logs. Cookies, authorisation headers and passwords are redacted, and so are the values a
 * failed database query carried; one-time codes are never logged by the auth code in the first place
 * (an `err.code` such as ECONNREFUSED must stay visible). `destination` is for tests that read the log.
 */
export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info', destination?: pino.DestinationStream) {
  return pino(
    {
      level,
      base: undefined,
      redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.otp', '*.token'],
      serializers: { err: serializeError },
    },
    destination,
  )
}
