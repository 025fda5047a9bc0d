import { getOperationAST, type ExecutionResult } from 'graphql'
import { processRegularResult } from 'graphql-yoga'
import type { GraphqlYoga } from './create-yoga'
import { corsAnswerHeaders, type CorsSite } from './cors'

/** What a JSON body holds for one operation: the params this path runs itself. */
interface PlainParams {
  query: string
  variables?: Record<string, unknown> | null
  operationName?: string | null
}

export interface DirectAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/**
 * The params of a parsed body that is one object with a text `query`, and at most an object of
 * `variables` and a text `operationName`; undefined for anything else (a batch, `extensions`, a
 * parameter Yoga refuses), which goes through Yoga whole.
 */
function plainParams(body: unknown): PlainParams | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined
  const params = body as Record<string, unknown>
  for (const key in params) if (key !== 'query' && key !== 'variables' && key !== 'operationName') return undefined
  const { query, variables, operationName } = params
  if (typeof query !== 'string') return undefined
  if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) return undefined
  if (operationName != null && typeof operationName !== 'string') return undefined
  return params as unknown as PlainParams
}

/** Accept headers that Yoga answers with `application/json` whatever the result: none, any type, or JSON itself. */
function wantsPlainJson(accept: string | undefined): boolean {
  if (accept === undefined || accept === '') return true
  for (const item of accept.split(',')) {
    const mediaType = item.split(';')[0]!.trim().toLowerCase()
    if (mediaType !== '*/*' && mediaType !== 'application/json') return false
  }
  return true
}

/** Collects what Yoga's result processor would send, without building a WHATWG Response. */
class CapturedResponse {
  constructor(
    readonly body: string,
    readonly init: { status: number; headers: Record<string, string> },
  ) {}
}
const capture = { Response: CapturedResponse } as unknown as Parameters<typeof processRegularResult>[1]

/**
 * Runs a plain JSON query or mutation through Yoga's own parse, validation, context and execution
 * (the same plugins: parser limits, query limits, masked errors, the document cache) but without its
 * HTTP layer, which turns Node's request into a WHATWG Request and the answer into a Response and back:
 * the portal's every API call pays for that twice. The answer is Yoga's to the letter: its result
 * processor writes the status and body, and the CORS headers are those of Yoga's CORS options.
 *
 * Returns undefined, having run nothing, for whatever this path does not cover; the caller then
 * sends the request through Yoga whole, which answers it as it always has: another Accept, a
 * document that does not parse or validate, a subscription, a context that cannot be built.
 */
export async function executeJsonPost(
  yoga: GraphqlYoga,
  request: { headers: Headers; body: unknown; accept: string | undefined; site: CorsSite },
): Promise<DirectAnswer | undefined> {
  if (!wantsPlainJson(request.accept)) return undefined
  const params = plainParams(request.body)
  if (!params) return undefined
  // The context Yoga gives its context factory: the request (its headers are what resolvers read) and the params.
  const enveloped = yoga.getEnveloped({ request: { headers: request.headers }, params } as never)
  let document: ReturnType<typeof enveloped.parse>
  try {
    document = enveloped.parse(params.query)
  } catch {
    return undefined
  }
  if (enveloped.validate(enveloped.schema, document).length > 0) return undefined
  const operation = getOperationAST(document, params.operationName)
  if (!operation || operation.operation === 'subscription') return undefined
  let contextValue: unknown
  try {
    contextValue = await enveloped.contextFactory()
  } catch {
    return undefined
  }
  // From here the operation runs (a mutation changes data): its answer is sent, whatever it is.
  const result = (await enveloped.execute({
    schema: enveloped.schema,
    document,
    contextValue,
    variableValues: params.variables,
    operationName: params.operationName,
  })) as ExecutionResult
  const answer = processRegularResult(result, capture, 'application/json') as unknown as CapturedResponse
  const headers = { ...answer.init.headers, ...corsAnswerHeaders(request.site) }
  return { status: answer.init.status, headers, body: answer.body }
}
