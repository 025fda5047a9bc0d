/**
 * The browser's client for the site's own API (POST /graphql and JSON reads such as
 * /api/wallet/config), with the product's fetch defaults: reads are retried with jittered
 * exponential backoff on network failures and 408/429/5xx answers, up to 12 attempts in 250 ms
 * slots, and a request (retries included) gives up after 300000 ms. GraphQL mutations are sent once:
 * repeating one blindly could create a second job request or send a chat message twice.
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
    /** AppError code from the server (UNAUTHORIZED, NOT_FOUND, BAD_REQUEST, ...) or NETWORK / TIMEOUT / HTTP_<status>. */
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

function sleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true })
  })
}

/** Whether an answer is worth trying again: the network, a busy server, or a transient 5xx. */
const retryableStatus = (status: number) => status === 408 || status === 429 || status >= 500

/** What one attempt came to: a result, or a failure worth another attempt. */
type Attempt<T> = { done: T } | { retry: ApiError }

/**
 * Runs `attempt` until it is done, it throws (an answer that will not change), the attempts are used
 * up or the deadline passes. The whole request, retries included, ends at the deadline: an answer that
 * never comes is not waited for forever.
 */
async function withRetries<T>(maxAttempts: number, options: RequestOptions, attempt: (signal: AbortSignal) => Promise<Attempt<T>>): Promise<T> {
  const retry = { ...API_RETRY, ...options.retry }
  const deadline = Date.now() + retry.timeoutMs
  const timeout = AbortSignal.timeout(retry.timeoutMs)
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
  const stopped = (error: unknown) => {
    if (options.signal?.aborted) return error
    if (timeout.aborted) return new ApiError('The server did not answer in time', 'TIMEOUT')
    return null
  }
  let lastError = new ApiError('Request failed', 'NETWORK')
  for (let n = 1; n <= maxAttempts; n++) {
    if (n > 1) {
      const delay = backoffDelay(n - 1, retry.slotMs)
      if (Date.now() + delay > deadline) break
      options.onRetry?.(n, delay)
      try {
        await sleep(delay, signal)
      } catch (error) {
        throw stopped(error) ?? error
      }
    }
    let outcome: Attempt<T>
    try {
      outcome = await attempt(signal)
    } catch (error) {
      const stop = stopped(error)
      if (stop) throw stop
      if (error instanceof ApiError) throw error
      lastError = new ApiError('The server could not be reached', 'NETWORK')
      continue
    }
    if ('done' in outcome) return outcome.done
    lastError = outcome.retry
  }
  throw lastError
}

/** A GraphQL operation on /graphql: queries retried, mutations sent once; errors the server decided are thrown at once. */
export async function graphqlRequest<T = unknown>(query: string, variables: Record<string, unknown> = {}, options: RequestOptions = {}): Promise<T> {
  const doFetch = options.fetch ?? fetch
  const maxAttempts = isMutation(query) ? 1 : { ...API_RETRY, ...options.retry }.maxAttempts
  return withRetries<T>(maxAttempts, options, async (signal) => {
    const res = await doFetch(options.endpoint ?? '/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
      body: JSON.stringify({ query, variables }),
      signal,
    })
    const body = (await res.json().catch((error: unknown) => {
      if (signal.aborted) throw error
      return null
    })) as { data?: T; errors?: GraphqlErrorItem[] } | null
    if (body?.errors?.length) {
      const first = body.errors[0]!
      // Errors the server decided (unauthorized, validation) do not change on a retry.
      throw new ApiError(first.message, first.extensions?.code ?? `HTTP_${res.status}`, body.errors)
    }
    if (res.ok && body && 'data' in body) return { done: body.data as T }
    const failure = new ApiError(`Request failed (${res.status})`, `HTTP_${res.status}`)
    if (!retryableStatus(res.status)) throw failure
    return { retry: failure }
  })
}

/** A JSON read (GET) of the site's own API, retried like a query. */
export async function getJson<T = unknown>(url: string, options: RequestOptions = {}): Promise<T> {
  const doFetch = options.fetch ?? fetch
  return withRetries<T>({ ...API_RETRY, ...options.retry }.maxAttempts, options, async (signal) => {
    const res = await doFetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' }, signal })
    const failure = new ApiError(`Request failed (${res.status})`, `HTTP_${res.status}`)
    if (!res.ok) {
      if (!retryableStatus(res.status)) throw failure
      return { retry: failure }
    }
    return { done: (await res.json()) as T }
  })
}
