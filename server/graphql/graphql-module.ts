import type { IResolvers } from '@graphql-tools/utils'
import type { GraphqlContext } from './graphql-context'

/**
 * One feature's part of the schema. typeDefs `extend type Query` / `extend type Mutation` (the base
 * module defines them); a module adding subscriptions defines `type Subscription` itself.
 * Resolvers are thin: read args and context.actor, call a service, return.
 */
export interface GraphqlModule {
  name: string
  typeDefs: string
  resolvers: IResolvers<unknown, GraphqlContext>
}
