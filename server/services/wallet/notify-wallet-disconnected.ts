import { site } from '../../../lib/site'
import { disconnectNotification } from '../../../lib/wallet/wallet-messages'
import type { WalletDisconnectedInput } from '../../../lib/wallet/wallet-api-schemas'
import { enqueueOutbox, type DbOrTx } from '../../outbox/enqueue'

/** The outbox kind of the notification (server/db/schema/outbox.ts lists the kinds). */
const walletDisconnectKind = 'wallet-disconnect'

/**
 * Queues the wallet's "Disconnected" notification (emoji ":wave:", source
 * "<productName> - Logout"). The text is fixed here rather than taken from the request, so the public
 * endpoint cannot be used to post arbitrary messages to the company's channel.
 */
export async function notifyWalletDisconnected(db: DbOrTx, input: WalletDisconnectedInput): Promise<void> {
  const title = disconnectNotification.title
  const source = site.productName + disconnectNotification.sourceSuffix
  await enqueueOutbox(db, {
    channel: 'notification',
    kind: walletDisconnectKind,
    payload: {
      title,
      emoji: disconnectNotification.emoji,
      source,
      // The outbox's Discord formatter puts `summary` in the headline next to the kind's title.
      summary: `${disconnectNotification.emoji} ${title}`,
      ...(input.address ? { address: input.address } : {}),
    },
  })
}
