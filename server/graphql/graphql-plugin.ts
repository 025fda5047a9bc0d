import type { ServerPlugin } from '../http/plugin'
import { createGraphqlYoga, GRAPHQL_PATH, type GraphqlYoga } from './create-yoga'

/** /graphql over HTTP (GET for queries, POST). ctx.services.graphql is the Yoga instance (graphql-ws reuses it). */
export const graphqlPlugin: ServerPlugin = {
  name: 'graphql',
  setup(ctx) {
    ctx.services.graphql = createGraphqlYoga(ctx)
  },
  routes(app, ctx) {
    app.on(['GET', 'POST', 'OPTIONS'], GRAPHQL_PATH, async (c) => {
      const yoga = ctx.services.graphql as GraphqlYoga
      const response = await yoga.fetch(c.req.raw, {})
      response.headers.set('cache-control', 'no-store')
      return response
    })
  },
}
