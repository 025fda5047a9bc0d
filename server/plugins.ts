import type { ServerPlugin } from './http/plugin'
import { walletPlugin } from './wallet/plugin'

/**
 * The features mounted on the server, in order. Add a feature's plugin here.
 */
export const plugins: ServerPlugin[] = [walletPlugin]
