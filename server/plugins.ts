import { assistantPlugin } from './assistant/assistant-plugin'
import { authPlugin } from './auth/auth-plugin'
import { graphqlPlugin } from './graphql/graphql-plugin'
import { storagePlugin } from './storage/storage-plugin'
import type { ServerPlugin } from './http/plugin'
import { clientIpPlugin } from './http/client-ip'
import { originGuardPlugin } from './http/origin-guard'
import { viewAsGuardPlugin } from './auth/view-as'
import { outboxPlugin } from './outbox/outbox-plugin'
import { realtimePlugin } from './realtime/realtime-plugin'
import { walletPlugin } from './wallet/plugin'

/**
 * The features mounted on the server, in order. Add a feature's plugin here. The first three see every
 * request before the others: the visitor's address is stamped, cross-site requests are refused, and
 * so is every change while an admin views the portal as a client.
 */
export const plugins: ServerPlugin[] = [clientIpPlugin, originGuardPlugin, viewAsGuardPlugin, authPlugin, storagePlugin, graphqlPlugin, outboxPlugin, walletPlugin, assistantPlugin, realtimePlugin]
