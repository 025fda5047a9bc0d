import type { IResolvers } from '@graphql-tools/utils'
import type { Actor } from '../../auth/actor'
import type { RequestClient } from '../../services/activity/record-security-event'

/**
 * One feature's part of the schema. typeDefs `extend type Query` / `extend type Mutation` (the base
 * module defines them); a module adding subscriptions defines `type Subscription` itself.
 * Resolvers are thin: read args and context.actor, call a service, return.
 */
export interface GraphqlModule {
  typeDefs: string
  resolvers: IResolvers<unknown, GraphqlContext>
}

/** What every resolver receives: the acting user (null for a guest) and the request's headers. */
export interface GraphqlContext {
  actor: Actor | null
  request: Pick<Request, 'headers'>
  /** Where the request came from, for the activity log. */
  client: RequestClient
}
