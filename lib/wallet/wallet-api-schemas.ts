import { z } from '../zod'

/**
 * The wallet's two HTTP calls, one schema each for the browser and the server.
 */
const addressSchema = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')

/** POST /api/wallet/disconnected: which address left. The server writes the notification text itself. */
export const walletDisconnectedSchema = z
  .object({
    address: addressSchema.optional(),
  })
  .strict()

export type WalletDisconnectedInput = z.infer<typeof walletDisconnectedSchema>

/** GET /api/wallet/config: the public chain and token settings of this deployment. */
export const publicWalletConfigSchema = z.object({
  token: z.object({ chainId: z.number().int(), address: addressSchema, decimals: z.number().int().min(0).max(36) }),
  chains: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int(), address: addressSchema }),
      nodeUrl: z.string().url(),
      explorerUrl: z.string().url(),
    }),
  ),
})

export type PublicWalletConfig = z.infer<typeof publicWalletConfigSchema>
