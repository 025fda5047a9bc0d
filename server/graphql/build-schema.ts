import { createSchema } from 'graphql-yoga'
import type { GraphqlContext } from './graphql-context'
import type { GraphqlModule } from './modules/graphql-module'
import { graphqlModules } from './modules'

/** The executable schema of all modules (also used by the graphql-ws handler). */
export function buildSchema(modules: GraphqlModule[] = graphqlModules) {
  return createSchema<GraphqlContext>({
    typeDefs: modules.map((m) => m.typeDefs),
    resolvers: modules.map((m) => m.resolvers) as never,
  })
}
