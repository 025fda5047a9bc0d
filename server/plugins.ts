import type { ServerPlugin } from './http/plugin'
import { clientIpPlugin } from './services/contact/client-ip'
import { outboxPlugin } from './outbox/outbox-plugin'
import { walletPlugin } from './wallet/plugin'

/**
 * The features mounted on the server, in order. Add a feature's plugin here.
 */
export const plugins: ServerPlugin[] = [clientIpPlugin, outboxPlugin, walletPlugin]
