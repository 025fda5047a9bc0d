import { startServer } from './app'
import { EnvError, parseEnv } from './env'
import { createLogger } from './logger'

const log = createLogger()

async function main() {
  let env
  try {
    env = parseEnv()
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message)
      process.exit(78) // EX_CONFIG
    }
    throw error
  }
  const dev = process.argv.includes('--dev')
  const server = await startServer({ env, log: createLogger(env.LOG_LEVEL), dev })
  const where = env.PUBLIC_URL ? `${server.url} (public URL ${env.publicUrl})` : server.url
  server.ctx.log.info({ url: server.url, database: server.ctx.database.kind, dataDir: env.dataDir }, `Site ready at ${where}`)

  let signals = 0
  const shutdown = (signal: string) => {
    if (++signals > 1) process.exit(1)
    server.ctx.log.info({ signal }, 'shutting down')
    server.close().then(
      () => process.exit(0),
      (error) => {
        server.ctx.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

main().catch((error) => {
  log.fatal({ err: error }, 'the server could not start')
  process.exit(1)
})
