import pino from 'pino'

export type { Logger } from 'pino'

/**
 * Structured logs. Cookies, authorisation headers and passwords are redacted; one-time codes are
 * never logged by the auth code in the first place (an `err.code` such as ECONNREFUSED must stay visible).
 */
export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info') {
  return pino({ level, base: undefined, redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.otp', '*.token'] })
}
