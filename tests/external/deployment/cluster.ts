import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import { startWebhookReceiver, startSmtpReceiver, type SmtpReceiver, type WebhookReceiver } from '../../integration/platform/support/receivers'
import { createScratchDatabase, SYSTEM_REDIS_URL, type ScratchDatabase } from '../../integration/platform/support/scratch-database'
import { freePort } from '../../setup/free-port'
import { startLoadBalancer, type LoadBalancer } from '../../setup/haproxy'
import { startTestServer, type TestServer } from '../../setup/test-server'

export const CLUSTER_BUCKET = 'cluster-files'

export interface Instance {
  name: string
  port: number
  url: string
  server: TestServer
}

export interface Cluster {
  lb: LoadBalancer
  instances: Instance[]
  env: Record<string, string>
  scratch: ScratchDatabase
  smtp: SmtpReceiver
  webhook: WebhookReceiver
  /** Takes the receivers down (connections refused) and brings them back on the same ports. */
  stopReceivers(): Promise<void>
  startReceivers(): Promise<void>
  /** Starts a stopped instance again on its port (a deploy's new version). */
  restart(instance: Instance): Promise<void>
  close(): Promise<void>
}

/**
 * The grown-up deployment on one machine: two instances of the production server, as separate
 * processes, on the system PostgreSQL and Redis and an S3-compatible bucket (s3rver), behind HAProxy
 * configured as the deploying guide says (round robin, no stickiness, readiness checks). Mail goes to a
 * real SMTP receiver, notifications to a webhook receiver.
 */
export async function startCluster(extraEnv: Record<string, string> = {}): Promise<Cluster> {
  const scratch = await createScratchDatabase()
  const s3Dir = mkdtempSync(path.join(os.tmpdir(), 'cluster-s3-'))
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: CLUSTER_BUCKET, configs: [] }] })
  const { port: s3Port } = await s3.run()
  let smtp = await startSmtpReceiver()
  const smtpPort = Number(new URL(smtp.url).port)
  let webhook = await startWebhookReceiver()
  const webhookPort = Number(new URL(webhook.url).port)
  const lbPort = await freePort()
  const env: Record<string, string> = {
    DATABASE_URL: scratch.url,
    REDIS_URL: SYSTEM_REDIS_URL,
    S3_BUCKET: CLUSTER_BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'portal@example.test',
    DISCORD_WEBHOOK_URL: webhook.url,
    AUTH_SECRET: 'cluster-test-secret-0123456789abcdef0123',
    PUBLIC_URL: `http://127.0.0.1:${lbPort}`,
    TRUSTED_PROXIES: '127.0.0.1',
    // As the deploying guide says: twice what the balancer takes to see an instance not ready (fall 2 × inter 1s).
    SHUTDOWN_DELAY_SECONDS: '4',
    ...extraEnv,
  }
  const instances: Instance[] = []
  const startInstance = async (name: string, port: number) => {
    const server = await startTestServer({ env: { ...env, PORT: String(port) } })
    return { name, port, url: server.url, server }
  }
  const ports = [await freePort(), await freePort()]
  // Started together: the migrations run once, under their advisory lock.
  instances.push(...(await Promise.all(ports.map((port, i) => startInstance(`app${i + 1}`, port)))))
  const lb = await startLoadBalancer(
    instances.map((i) => ({ name: i.name, port: i.port })),
    { port: lbPort },
  )
  const cluster: Cluster = {
    lb,
    instances,
    env,
    scratch,
    get smtp() {
      return smtp
    },
    get webhook() {
      return webhook
    },
    async stopReceivers() {
      await Promise.all([smtp.close(), webhook.close()])
    },
    async startReceivers() {
      const mails = smtp.mails
      const { requests, accepted } = webhook
      smtp = await startSmtpReceiver({ port: smtpPort })
      webhook = await startWebhookReceiver(undefined, { port: webhookPort })
      // One record across the outage, so "exactly once" counts both lives of each receiver.
      smtp.mails.unshift(...mails)
      webhook.requests.unshift(...requests)
      webhook.accepted.unshift(...accepted)
    },
    async restart(instance) {
      const fresh = await startInstance(instance.name, instance.port)
      instance.server.cleanup()
      instance.server = fresh.server
      instance.url = fresh.url
    },
    async close() {
      await lb.close()
      await Promise.all(instances.map((i) => i.server.stop()))
      for (const i of instances) i.server.cleanup()
      await smtp.close().catch(() => {})
      await webhook.close().catch(() => {})
      await s3.close()
      rmSync(s3Dir, { recursive: true, force: true })
      await scratch.drop()
    },
  }
  return cluster
}
