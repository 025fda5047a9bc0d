import pino from 'pino'

export type { Logger } from 'pino'

export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info') {
  return pino({ level, base: undefined, redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.code'] })
}
