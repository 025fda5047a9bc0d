import type { ServerPlugin } from '../http/plugin'
import { createGraphqlYoga, GRAPHQL_PATH, type GraphqlYoga } from './create-yoga'
import { handleGraphqlPost, isGraphqlJsonBody } from './graphql-post-handler'

/** /graphql over HTTP (GET for queries, POST with JSON). ctx.services.graphql is the Yoga instance (graphql-ws reuses it). */
export const graphqlPlugin: ServerPlugin = {
  name: 'graphql',
  setup(ctx) {
    ctx.services.graphql = createGraphqlYoga(ctx)
  },
  // POST with JSON, the API's every call: straight from Node's request (graphql-post-handler.ts).
  node: handleGraphqlPost,
  routes(app, ctx) {
    app.on(['GET', 'POST', 'OPTIONS'], GRAPHQL_PATH, async (c) => {
      if (c.req.method === 'POST' && !isGraphqlJsonBody(c.req.header('content-type'))) {
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
