/**
 * The browser's GraphQL client for /graphql. Reads (queries) are retried with jittered exponential
 * backoff on network failures and 5xx/429 answers, as SPEC.md section 9 sets for fetches: up to 12
 * attempts, 250 ms slots, 300000 ms overall. Mutations are sent once: repeating one blindly could
 * create a second job request.
 */
export const API_RETRY = { maxAttempts: 12, slotMs: 250, timeoutMs: 300_000 } as const

export interface GraphqlErrorItem {
  message: string
  extensions?: { code?: string; fieldErrors?: Record<string, string[]> } & Record<string, unknown>
}

export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    message: string,
    /** AppError code from the server (UNAUTHORIZED, NOT_FOUND, BAD_REQUEST, ...) or NETWORK / HTTP_<status>. */
    readonly code: string,
    readonly errors: GraphqlErrorItem[] = [],
  ) {
    super(message)
  }
}

export interface RequestOptions {
  signal?: AbortSignal
  /** Overrides for tests. */
  retry?: Partial<{ maxAttempts: number; slotMs: number; timeoutMs: number }>
  fetch?: typeof fetch
  endpoint?: string
  /** Called before each retry (attempt number from 2). */
  onRetry?: (attempt: number, delayMs: number) => void
}

const isMutation = (query: string) => /^\s*(#[^\n]*\n\s*)*mutation\b/.test(query)

/** Exponential backoff in slots with full jitter: a random delay in [0, slot * 2^(attempt-1)], capped at 32 slots. */
export function backoffDelay(attempt: number, slotMs: number, random = Math.random): number {
  const slots = Math.min(2 ** (attempt - 1), 32)
  return Math.floor(random() * slots * slotMs)
}

function sleep(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true })
  })
}

/** Whether an answer is worth trying again: the network, a busy server, or a transient 5xx. */
const retryableStatus = (status: number) => status === 408 || status === 429 || status >= 500

export async function graphqlRequest<T = unknown>(query: string, variables: Record<string, unknown> = {}, options: RequestOptions = {}): Promise<T> {
  const retry = { ...API_RETRY, ...options.retry }
  const doFetch = options.fetch ?? fetch
  const maxAttempts = isMutation(query) ? 1 : retry.maxAttempts
  const deadline = Date.now() + retry.timeoutMs
  let lastError: ApiError = new ApiError('Request failed', 'NETWORK')
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    if (attempt > 1) {
      const delay = backoffDelay(attempt - 1, retry.slotMs)
      if (Date.now() + delay > deadline) break
      options.onRetry?.(attempt, delay)
      await sleep(delay, options.signal)
    }
    let res: Response
    try {
      res = await doFetch(options.endpoint ?? '/graphql', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
        body: JSON.stringify({ query, variables }),
        signal: options.signal,
      })
    } catch (error) {
      if (options.signal?.aborted) throw error
      lastError = new ApiError('The server could not be reached', 'NETWORK')
      continue
    }
    const body = (await res.json().catch(() => null)) as { data?: T; errors?: GraphqlErrorItem[] } | null
    if (body?.errors?.length) {
      const first = body.errors[0]!
      // Errors the server decided (unauthorized, validation) do not change on a retry.
      throw new ApiError(first.message, first.extensions?.code ?? `HTTP_${res.status}`, body.errors)
    }
    if (res.ok && body && 'data' in body) return body.data as T
    lastError = new ApiError(`Request failed (${res.status})`, `HTTP_${res.status}`)
    if (!retryableStatus(res.status)) throw lastError
  }
  throw lastError
}
