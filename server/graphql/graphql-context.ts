import type { Actor } from '../auth/actor'
import { resolveActor } from '../auth/resolve-actor'
import { clientIpFromRequest } from '../http/client-ip'
import type { RequestClient } from '../services/activity/record-security-event'

/** What every resolver receives: the acting user (null for a guest) and the request's headers. */
export interface GraphqlContext {
  actor: Actor | null
  request: Pick<Request, 'headers'>
  /** Where the request came from, for the activity log. */
  client: RequestClient
}

/** Builds the context from an HTTP request, or from the upgrade request of a graphql-ws connection. */
export async function createGraphqlContext(request: Pick<Request, 'headers'>): Promise<GraphqlContext> {
  return { actor: await resolveActor(request), request, client: { ip: clientIpFromRequest(request) ?? null, userAgent: request.headers.get('user-agent') } }
}
