import { GraphQLError, NoSchemaIntrospectionCustomRule } from 'graphql'
import { createYoga, type Plugin } from 'graphql-yoga'
import type { AppContext } from '../context'
import { isAppError } from '../errors/app-error'
import { buildSchema } from './build-schema'
import { createGraphqlContext, type GraphqlContext } from './graphql-context'
import { defaultQueryLimits, queryLimitsRule } from './query-limits'

export const GRAPHQL_PATH = '/graphql'

/** Extra validation rules: the query limits always, and no introspection unless allowed. */
function useValidationRules(allowIntrospection: boolean): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(queryLimitsRule(defaultQueryLimits))
      if (!allowIntrospection) addValidationRule(NoSchemaIntrospectionCustomRule)
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
        const original = error instanceof GraphQLError ? (error.originalError ?? error) : error
        if (isAppError(original)) {
          return new GraphQLError(original.code === 'UNAUTHORIZED' ? 'Unauthorized' : original.message, {
            extensions: { code: original.code, ...(original.fieldErrors ? { fieldErrors: original.fieldErrors } : {}) },
          })
        }
        if (error instanceof GraphQLError && !error.originalError) return error // parse/validation errors
        ctx.log.error({ err: original }, 'graphql resolver failed')
        return new GraphQLError(message, { extensions: { code: 'INTERNAL' } })
      },
    },
  })
}

export type GraphqlYoga = ReturnType<typeof createGraphqlYoga>
