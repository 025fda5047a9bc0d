import type { ServerPlugin } from '../http/plugin'
import { createMailer, type Mailer } from '../mail/create-mailer'
import { isDevMailboxEnabled } from '../mail/is-dev-mailbox-enabled'
import { createOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from './outbox-worker'

/**
 * Registers `ctx.services.mailer` and runs the outbox worker for as long as the server runs.
 * At shutdown the worker finishes the deliveries in flight before the database closes.
 */
function createOutboxPlugin(options: OutboxWorkerOptions = {}): ServerPlugin {
  return {
    name: 'outbox',
    async setup(ctx) {
      const mailer = createMailer(ctx.env, ctx.log)
      const worker = createOutboxWorker(ctx, { mailer }, options)
      ctx.services.mailer = mailer
      ctx.services.outboxWorker = worker
      await worker.start()
      ctx.log.debug({ mail: mailer.transport, notifications: ctx.env.DISCORD_WEBHOOK_URL ? 'discord' : 'log' }, 'outbox worker started')
      if (mailer.transport === 'dev-mailbox') {
        const printed = process.stdout.isTTY ? 'printed here and ' : ''
        if (isDevMailboxEnabled(ctx.env)) ctx.log.info(`No SMTP_URL: mail is not sent; it is ${printed}listed at ${ctx.env.publicUrl}/dev/mailbox (to a browser on this machine)`)
        else ctx.log.warn(`No SMTP_URL: mail is not sent${printed ? ', only printed to this log' : ''} (set SMTP_URL to send it)`)
      }
    },
    async stop(ctx) {
      await (ctx.services.outboxWorker as OutboxWorker | undefined)?.stop()
      ;(ctx.services.mailer as Mailer | undefined)?.close()
    },
  }
}

export const outboxPlugin = createOutboxPlugin()
