import type { ServerPlugin } from '../http/plugin'
import { createMailer, type Mailer } from '../mail/create-mailer'
import { createOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from './outbox-worker'

/**
 * Registers `ctx.services.mailer` and runs the outbox worker for as long as the server runs.
 * At shutdown the worker finishes the deliveries in flight before the database closes.
 */
export function createOutboxPlugin(options: OutboxWorkerOptions = {}): ServerPlugin {
  return {
    name: 'outbox',
    async setup(ctx) {
      const mailer = createMailer(ctx.env, ctx.log)
      const worker = createOutboxWorker(ctx, { mailer }, options)
      ctx.services.mailer = mailer
      ctx.services.outboxWorker = worker
      await worker.start()
      ctx.log.debug({ mail: mailer.transport, notifications: ctx.env.DISCORD_WEBHOOK_URL ? 'discord' : 'log' }, 'outbox worker started')
    },
    async stop(ctx) {
      await (ctx.services.outboxWorker as OutboxWorker | undefined)?.stop()
      ;(ctx.services.mailer as Mailer | undefined)?.close()
    },
  }
}

export const outboxPlugin = createOutboxPlugin()
