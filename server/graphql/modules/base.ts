import type { GraphqlModule } from './graphql-module'

/** The root types every other module extends. */
export const baseModule: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    type Query {
      "Always true: a cheap liveness probe for API clients."
      ok: Boolean!
    }
    type Mutation {
      "Always true."
      ok: Boolean!
    }
    input DeleteInput {
      id: ID!
    }
  `,
  resolvers: {
    Query: { ok: () => true },
    Mutation: { ok: () => true },
  },
}
