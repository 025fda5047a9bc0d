import { resolveActor } from '../auth/resolve-actor'
import { clientIpFromRequest } from '../http/client-ip'
import type { GraphqlContext } from './modules/graphql-module'

export type { GraphqlContext }

/** Builds the context from an HTTP request, or from the upgrade request of a graphql-ws connection. */
export async function createGraphqlContext(request: Pick<Request, 'headers'>): Promise<GraphqlContext> {
  return { actor: await resolveActor(request), request, client: { ip: clientIpFromRequest(request) ?? null, userAgent: request.headers.get('user-agent') } }
}
