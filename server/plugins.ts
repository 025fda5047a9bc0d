import { assistantPlugin } from './assistant/assistant-plugin'
import { authPlugin } from './auth/auth-plugin'
import { graphqlPlugin } from './graphql/graphql-plugin'
import { storagePlugin } from './storage/storage-plugin'
import type { ServerPlugin } from './http/plugin'
import { clientIpPlugin } from './http/client-ip'
import { outboxPlugin } from './outbox/outbox-plugin'
import { realtimePlugin } from './realtime/realtime-plugin'
import { walletPlugin } from './wallet/plugin'

/**
 * The features mounted on the server, in order. Add a feature's plugin here.
 */
export const plugins: ServerPlugin[] = [clientIpPlugin, authPlugin, storagePlugin, graphqlPlugin, outboxPlugin, walletPlugin, assistantPlugin, realtimePlugin]
