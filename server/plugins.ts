import { assistantPlugin } from './assistant/assistant-plugin'
import { authPlugin } from './auth/auth-plugin'
import { graphqlPlugin } from './graphql/graphql-plugin'
import { storagePlugin } from './storage/storage-plugin'
import type { ServerPlugin } from './http/plugin'
import { clientIpPlugin } from './http/client-ip'
import { originGuardPlugin } from './http/origin-guard'
import { outboxPlugin } from './outbox/outbox-plugin'
import { realtimePlugin } from './realtime/realtime-plugin'
import { walletPlugin } from './wallet/plugin'

/**
 * The features mounted on the server, in order. Add a feature's plugin here. The first two see every
 * request before the others: the visitor's address is stamped, then cross-site requests are refused.
 */
export const plugins: ServerPlugin[] = [clientIpPlugin, originGuardPlugin, authPlugin, storagePlugin, graphqlPlugin, outboxPlugin, walletPlugin, assistantPlugin, realtimePlugin]
