import { createGraphQLError, createYoga, type Plugin } from 'graphql-yoga'
import type { AppContext } from '../context'
import { isAppError } from '../errors/app-error'
import { buildSchema } from './build-schema'
import { createGraphqlContext, type GraphqlContext } from './graphql-context'
import { defaultQueryLimits, noIntrospectionRule, queryLimitsRule } from './query-limits'

export const GRAPHQL_PATH = '/graphql'

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
 * The Yoga server of /graphql. Errors: an AppError becomes its message (UNAUTHORIZED: "Unauthorized")
 * with extensions.code; anything else is logged and masked. No stack traces reach a client.
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
    plugins: [useValidationRules(allowIntrospection)],
    maskedErrors: {
      isDev: false,
      maskError(error, message) {
        // By name, not instanceof: graphql may be loaded twice (see query-limits.ts).
        const isGraphqlError = (error as Error | undefined)?.name === 'GraphQLError'
        const original = isGraphqlError ? ((error as { originalError?: unknown }).originalError ?? error) : error
        if (isAppError(original)) {
          const located = isGraphqlError ? (error as { nodes?: readonly never[]; path?: readonly (string | number)[] }) : {}
          return createGraphQLError(original.code === 'UNAUTHORIZED' ? 'Unauthorized' : original.message, {
            nodes: located.nodes,
            path: located.path,
            extensions: { code: original.code, ...(original.fieldErrors ? { fieldErrors: original.fieldErrors } : {}) },
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
