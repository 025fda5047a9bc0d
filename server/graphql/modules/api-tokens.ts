import { createApiToken } from '../../services/api-tokens/create-api-token'
import { listApiTokens } from '../../services/api-tokens/list-api-tokens'
import { revokeApiToken } from '../../services/api-tokens/revoke-api-token'
import type { GraphqlModule } from './graphql-module'

export const apiTokensModule: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    type ApiToken {
      id: ID!
      name: String!
      createdAt: String!
      lastUsedAt: String
      expiresAt: String
    }
    type NewApiToken {
      id: ID!
      name: String!
      createdAt: String!
      expiresAt: String
      "Shown once: send it as Authorization: Bearer <token>."
      token: String!
    }
    extend type Query {
      apiTokens: [ApiToken!]!
    }
    extend type Mutation {
      createApiToken(name: String!, expiresInDays: Int): NewApiToken!
      revokeApiToken(id: ID!): ID!
    }
  `,
  resolvers: {
    Query: {
      apiTokens: (_: unknown, __: unknown, { actor }) => listApiTokens({ actor }),
    },
    Mutation: {
      createApiToken: (_: unknown, args: { name: string; expiresInDays?: number | null }, { actor, client }) =>
        createApiToken({ actor, name: args.name, expiresInDays: args.expiresInDays, client }),
      revokeApiToken: async (_: unknown, args: { id: string }, { actor, client }) => (await revokeApiToken({ actor, id: args.id, client })).id,
    },
  },
}
