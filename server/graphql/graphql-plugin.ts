import type { ServerPlugin } from '../http/plugin'
import { createGraphqlYoga, GRAPHQL_PATH, type GraphqlYoga } from './create-yoga'

/**
 * Bodies /graphql reads: JSON (`application/json`; a client that asks for
 * `application/graphql-response+json` answers also sends JSON). A form-encoded, multipart or plain-text
 * body is what an HTML form on another site can send without a CORS preflight, so it is refused
 * whatever its Origin.
 */
const JSON_MEDIA_TYPES = new Set(['application/json', 'application/graphql-response+json'])

function isJsonBody(contentType: string | undefined): boolean {
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  return JSON_MEDIA_TYPES.has(mediaType)
}

/** /graphql over HTTP (GET for queries, POST with JSON). ctx.services.graphql is the Yoga instance (graphql-ws reuses it). */
export const graphqlPlugin: ServerPlugin = {
  name: 'graphql',
  setup(ctx) {
    ctx.services.graphql = createGraphqlYoga(ctx)
  },
  routes(app, ctx) {
    app.on(['GET', 'POST', 'OPTIONS'], GRAPHQL_PATH, async (c) => {
      if (c.req.method === 'POST' && !isJsonBody(c.req.header('content-type'))) {
        c.header('cache-control', 'no-store')
        return c.json({ errors: [{ message: 'Send the query as JSON (Content-Type: application/json)', extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' } }] }, 415)
      }
      const yoga = ctx.services.graphql as GraphqlYoga
      const response = await yoga.fetch(c.req.raw, {})
      response.headers.set('cache-control', 'no-store')
      return response
    })
  },
}
