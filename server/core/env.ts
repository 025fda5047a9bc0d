import { availableParallelism } from 'node:os'
import path from 'node:path'
import { z } from '../../lib/zod'
import { parseAddressRange } from './trusted-proxies'

/**
 * The configuration contract (the variables README.md lists; deployments and tests rely on these
 * names), parsed once at start.
 * A bad value stops the server with a message naming the variable and what is wrong.
 */
const optionalString = z.string().trim().min(1).optional()
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    // abort: a value that is not a URL gets one message, not also the protocol one.
    .url({ message: 'must be a URL', abort: true })
    .refine((v) => protocols.some((p) => v.startsWith(p + ':')), { message: `must start with ${protocols.map((p) => p + '://').join(' or ')}` })
    .optional()

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number({ message: 'must be a whole number from 0 to 65535' }).int('must be a whole number from 0 to 65535').min(0, 'must be a whole number from 0 to 65535').max(65535, 'must be a whole number from 0 to 65535').default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: optionalUrl(['http', 'https']),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    REDIS_URL: optionalUrl(['redis', 'rediss']),
    S3_BUCKET: optionalString,
    S3_ENDPOINT: optionalUrl(['http', 'https']),
    S3_REGION: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    MAIL_FROM: optionalString,
    DISCORD_WEBHOOK_URL: optionalUrl(['http', 'https']),
    /** Where mail about clients' jobs goes (requests, quote decisions, clients' messages); unset: every admin. */
    JOB_NOTIFY_EMAIL: z.email('must be an email address').optional(),
    /**
     * Mails about one job to one person that a client can cause at will (messages, requests, declines)
     * go at most once per this many seconds: the first at once, the rest together in one mail.
     */
    MAIL_GROUP_SECONDS: z.coerce.number({ message: 'must be a number of seconds' }).int('must be a whole number of seconds').min(0, 'must be 0 or more').max(86_400, 'must be at most 86400').default(300),
    /** The VAT rate quotes add, in percent (0 for a business not registered for VAT). */
    QUOTE_VAT_PERCENT: z.coerce.number('must be a number from 0 to 100').min(0, 'must be a number from 0 to 100').max(100, 'must be a number from 0 to 100').default(20),
    LLM_PROVIDER: z.enum(['openai-compatible', 'anthropic']).optional(),
    LLM_BASE_URL: optionalUrl(['http', 'https']),
    LLM_API_KEY: optionalString,
    LLM_MODEL: optionalString,
    GOOGLE_MAPS_API_KEY: optionalString,
    GOOGLE_MAPS_MAP_ID: optionalString,
    TOKEN_ADDRESS: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')
      .optional(),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Signs backup archives (npm run backup) and checks them when restored; kept apart from the archives. */
    BACKUP_KEY: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)').optional(),
    ADMIN_EMAILS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    TRUSTED_PROXIES: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const entries = (v ?? '')
          .split(',')
          .map((e) => e.trim())
          .filter(Boolean)
        for (const entry of entries) {
          if (!parseAddressRange(entry)) ctx.addIssue({ code: 'custom', message: `"${entry}" is not an IP address or CIDR range (e.g. 10.0.0.2, 10.0.0.0/8, fd00::/8)` })
        }
        return entries
      }),
    UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(2_000_000_000),
    /** Files above this size offer the download instead of a preview in the browser. */
    PREVIEW_MAX_BYTES: z.coerce.number('must be a number of bytes').int('must be a whole number of bytes').positive('must be more than 0').default(200 * 1000 ** 2),
    /** Server processes sharing the port ('auto': one per core). The first starts the embedded database. */
    WEB_CONCURRENCY: z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === '') return 1
        if (v === 'auto') return Math.max(1, availableParallelism())
        const n = Number(v)
        if (!Number.isInteger(n) || n < 1 || n > 64) {
          ctx.addIssue({ code: 'custom', message: "must be a whole number from 1 to 64, or 'auto'" })
          return z.NEVER
        }
        return n
      }),
    SHUTDOWN_DELAY_SECONDS: z.coerce.number({ message: 'must be a number of seconds' }).min(0, 'must be 0 or more').max(600, 'must be at most 600').default(5),
    SHUTDOWN_GRACE_SECONDS: z.coerce.number({ message: 'must be a number of seconds' }).min(0, 'must be 0 or more').max(3600, 'must be at most 3600').default(120),
    /** The space one account's folders may take in all (user-box, profile-pictures, its job requests' files). */
    STORAGE_QUOTA_BYTES: z.coerce.number({ message: 'must be a whole number of bytes' }).int('must be a whole number of bytes').positive('must be a whole number of bytes').default(20_000_000_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    GRAPHQL_INTROSPECTION: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
  })
  .passthrough()
  .superRefine((env, ctx) => {
    const s3 = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
    if (env.S3_BUCKET && s3.some((k) => !env[k])) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY as well' })
    }
    if (env.LLM_PROVIDER === 'openai-compatible' && (!env.LLM_BASE_URL || !env.LLM_MODEL)) {
      ctx.addIssue({ code: 'custom', path: ['LLM_PROVIDER'], message: 'openai-compatible needs LLM_BASE_URL and LLM_MODEL' })
    }
    if (env.LLM_PROVIDER === 'anthropic' && (!env.LLM_API_KEY || !env.LLM_MODEL)) {
      ctx.addIssue({ code: 'custom', path: ['LLM_PROVIDER'], message: 'anthropic needs LLM_API_KEY and LLM_MODEL' })
    }
  })

export type Env = z.infer<typeof envSchema> & {
  /** Absolute DATA_DIR */
  dataDir: string
  /** PUBLIC_URL or http://localhost:PORT, without a trailing slash */
  publicUrl: string
  /** RPC_URL_<chainId> overrides */
  rpcUrls: Record<number, string>
}

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super('Invalid configuration:\n' + problems.map((p) => '  - ' + p).join('\n'))
    this.name = 'EnvError'
  }
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Empty strings mean "unset" (a blank line in an .env file must not count as a value).
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''))
  const result = envSchema.safeParse(cleaned)
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => `${i.path.join('.') || '(environment)'}: ${i.message}`))
  }
  const env = result.data
  const rpcUrls: Record<number, string> = {}
  const problems: string[] = []
  for (const [key, value] of Object.entries(cleaned)) {
    const m = /^RPC_URL_(\d+)$/.exec(key)
    if (!m || typeof value !== 'string') continue
    if (!/^(https?|wss?):\/\//.test(value)) problems.push(`${key}: must be an http(s) or ws(s) URL`)
    else rpcUrls[Number(m[1])] = value
  }
  if (problems.length) throw new EnvError(problems)
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    rpcUrls,
  }
}
