import type { DocumentNode } from 'graphql'
import { createGraphQLError, createYoga, type Plugin } from 'graphql-yoga'
import type { AppContext } from '../context/app-context'
import { isAppError } from '../errors/app-error'
import { toHttpAnswer } from '../errors/to-http-answer'
import { INVALID_TEXT_MESSAGE } from '../http/invalid-text'
import { buildSchema } from './build-schema'
import { corsOptionsFor } from './cors'
import { createGraphqlContext, type GraphqlContext } from './graphql-context'
import { documentHasInvalidText } from './escaped-invalid-text'
import { defaultQueryLimits, noIntrospectionRule, queryLimitsRule } from './query-limits'

export const GRAPHQL_PATH = '/graphql'
/** Larger bodies are refused (413) before they are parsed: the biggest real query is a few KB. */
export const GRAPHQL_MAX_BODY_BYTES = 100 * 1024
/** graphql's parser stops here: a document of more tokens costs parse time whatever it asks for. */
export const GRAPHQL_MAX_TOKENS = 2000

/** Extra validation rules: the query limits always, and no introspection unless allowed. */
function useValidationRules(allowIntrospection: boolean): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(queryLimitsRule(defaultQueryLimits))
      if (!allowIntrospection) addValidationRule(noIntrospectionRule)
    },
  }
}

/**
 * The parser with a token limit, and parser errors answered with a fixed message: the parser's own
 * (which quote the document and name what it expected) are not echoed back. A document whose string
 * literals hold text no field accepts is refused as the edge refuses such text (400).
 */
function useParserLimits(maxTokens: number): Plugin {
  return {
    onParse({ parseFn, setParseFn }) {
      setParseFn((source, options) => {
        let document: DocumentNode
        try {
          document = parseFn(source, { ...options, maxTokens })
        } catch (error) {
          // graphql 16 spells it "more that".
          const tooLarge = /contains more th(?:an|at) \d+ tokens/.test((error as Error).message)
          throw createGraphQLError(tooLarge ? `Query is too large (the limit is ${maxTokens} tokens)` : 'Invalid query', {
            extensions: { code: tooLarge ? 'QUERY_TOO_LARGE' : 'GRAPHQL_PARSE_FAILED', http: { status: 400 } },
          })
        }
        if (documentHasInvalidText(document)) {
          throw createGraphQLError(INVALID_TEXT_MESSAGE, { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } })
        }
        return document
      })
    },
  }
}

/** Where a resolver's error points in the document. */
interface Located {
  nodes?: readonly never[]
  path?: readonly (string | number)[]
}

const SUGGESTION = /\s*Did you mean [\s\S]*\?$/

/** Drops graphql's "Did you mean …?" hints, which spell out the schema that introspection hides. */
function stripSuggestions(result: unknown) {
  const errors = (result as { errors?: readonly { message: string }[] } | null)?.errors
  if (!Array.isArray(errors)) return
  for (const error of errors) if (SUGGESTION.test(error.message)) error.message = error.message.replace(SUGGESTION, '')
}

function useNoSuggestions(): Plugin {
  return {
    onValidate: () => ({ result }) => stripSuggestions({ errors: result }),
    onExecute: () => ({ onExecuteDone: ({ result }) => stripSuggestions(result) }),
    onSubscribe: () => ({ onSubscribeResult: ({ result }) => stripSuggestions(result) }),
  }
}

/**
 * The Yoga server of /graphql. Errors: an AppError becomes the words of server/errors/to-http-answer.ts
 * (UNAUTHORIZED: "Unauthorized") with extensions.code; an INTERNAL one, or anything that is not an
 * AppError, is logged and masked ("Unexpected error."). GraphQL's own parse and validation errors
 * pass as they are. No stack traces reach a client.
 */
export function createGraphqlYoga(ctx: AppContext) {
  const allowIntrospection = ctx.env.NODE_ENV !== 'production' || ctx.env.GRAPHQL_INTROSPECTION
  return createYoga<Record<string, unknown>, GraphqlContext>({
    schema: buildSchema() as never,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: false,
    landingPage: false,
    logging: false,
    context: ({ request }) => createGraphqlContext(request),
    cors: corsOptionsFor(ctx),
    maxRequestBodySize: GRAPHQL_MAX_BODY_BYTES,
    // JSON bodies only (graphql-plugin.ts refuses the other content types before Yoga sees them).
    multipart: false,
    plugins: [
      useParserLimits(GRAPHQL_MAX_TOKENS),
      useValidationRules(allowIntrospection),
      ...(allowIntrospection ? [] : [useNoSuggestions()]),
    ],
    maskedErrors: {
      isDev: false,
      maskError(error, message) {
        // By name, not instanceof: graphql may be loaded twice (see query-limits.ts).
        const isGraphqlError = (error as Error | undefined)?.name === 'GraphQLError'
        const original = isGraphqlError ? ((error as { originalError?: unknown }).originalError ?? error) : error
        if (isAppError(original) && original.code !== 'INTERNAL') {
          // The words and field errors of the table every HTTP adapter uses; GraphQL adds the code.
          const answer = toHttpAnswer(original, { signedIn: true })
          const located = isGraphqlError ? (error as Located) : {}
          return createGraphQLError(answer.message, {
            nodes: located.nodes,
            path: located.path,
            extensions: { code: answer.code, ...(answer.fieldErrors ? { fieldErrors: answer.fieldErrors } : {}) },
          })
        }
        if (isGraphqlError && !(error as { originalError?: unknown }).originalError) return error as Error // parse/validation errors
        ctx.log.error({ err: original }, 'graphql resolver failed')
        return createGraphQLError(message, { extensions: { code: 'INTERNAL' } })
      },
    },
  })
}

export type GraphqlYoga = ReturnType<typeof createGraphqlYoga>
