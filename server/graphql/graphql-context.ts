import type { Actor } from '../auth/actor'
import { resolveActor } from '../auth/resolve-actor'

/** What every resolver receives: the acting user (null for a guest) and the request. */
export interface GraphqlContext {
  actor: Actor | null
  request: Request
}

/** Builds the context from an HTTP request, or from the upgrade request of a graphql-ws connection. */
export async function createGraphqlContext(request: Request): Promise<GraphqlContext> {
  return { actor: await resolveActor(request), request }
}
