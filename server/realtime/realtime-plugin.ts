import type { GraphqlYoga } from '../graphql/create-yoga'
import { createRealtimePlugin } from './create-realtime-plugin'

/** graphql-ws on /graphql, sharing the Yoga instance (schema, limits, error masking) of POST /graphql. */
export const realtimePlugin = createRealtimePlugin({ graphql: (ctx) => ctx.services.graphql as GraphqlYoga | undefined })
