import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { freePort } from './free-port'

export interface LoadBalancer {
  url: string
  port: number
  close(): Promise<void>
}

export interface Backend {
  name: string
  port: number
}

function haproxyPath(): string | null {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/bin/haproxy']) {
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate
  }
  return null
}

/** HAProxy from Debian's packages, installed when it is missing (as CI does for Chromium). */
export function ensureHaproxy(): string {
  const found = haproxyPath()
  if (found) return found
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'haproxy'], { stdio: 'inherit', env })
  const installed = haproxyPath()
  if (!installed) throw new Error('haproxy could not be installed with apt-get')
  return installed
}

/**
 * HAProxy on a loopback port in front of the given instances: round robin, no stickiness, health
 * checks on /readyz every 300 ms (one failure takes an instance out, one success puts it back), the
 * client address in X-Forwarded-For, and a connection that cannot be opened retried on the other
 * instance. No retry of a request that was already sent: a deploy must drop nothing on its own merits.
 */
export async function startLoadBalancer(backends: Backend[], { port }: { port?: number } = {}): Promise<LoadBalancer> {
  const binary = ensureHaproxy()
  const listen = port ?? (await freePort())
  const dir = mkdtempSync(path.join(os.tmpdir(), 'haproxy-'))
  const config = path.join(dir, 'haproxy.cfg')
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 1024',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 120s',
      '  timeout server 120s',
      '  timeout tunnel 300s',
      '  option forwardfor',
      '  option redispatch',
      '  retries 3',
      'frontend web',
      `  bind 127.0.0.1:${listen}`,
      '  default_backend app',
      'backend app',
      '  balance roundrobin',
      '  option httpchk',
      // Node's HTTP server answers 400 to a request without a Host header.
      '  http-check send meth GET uri /readyz ver HTTP/1.1 hdr Host localhost',
      '  http-check expect status 200',
      '  default-server inter 300ms fall 1 rise 1',
      ...backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`),
      '',
    ].join('\n'),
  )
  const child: ChildProcess = spawn(binary, ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()))
  const deadline = Date.now() + 10_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${stderr}`)
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(listen, '127.0.0.1')
      s.once('connect', () => (s.destroy(), resolve(true)))
      s.once('error', () => resolve(false))
    })
    if (up) break
    if (Date.now() > deadline) throw new Error(`haproxy did not listen: ${stderr}`)
    await new Promise((r) => setTimeout(r, 50))
  }
  return {
    url: `http://127.0.0.1:${listen}`,
    port: listen,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
