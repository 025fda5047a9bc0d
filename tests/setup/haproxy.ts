import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { freePort } from './free-port'
import { stopAndRemoveDir } from './stop-child-process'

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

const deployingGuide = path.resolve(import.meta.dirname, '../../docs/deploying.md')

/** The HAProxy configuration the deploying guide gives (its ```haproxy block), as written. */
export function deployingGuideHaproxyConfig(): string {
  const guide = readFileSync(deployingGuide, 'utf8')
  const blocks = [...guide.matchAll(/```haproxy\n([\s\S]*?)```/g)].map((m) => m[1]!)
  if (blocks.length !== 1) throw new Error(`docs/deploying.md should hold one haproxy block, not ${blocks.length}`)
  return blocks[0]!
}

/**
 * The guide's configuration with this machine's addresses: its `bind` lines become one loopback port
 * (no TLS certificate here) and its `server` lines the given instances. Every other line (timeouts,
 * forwardfor, redispatch, retries, the /readyz check and its pace) is the guide's own.
 */
export function haproxyConfigFor(backends: Backend[], listen: number): string {
  const out: string[] = []
  let bound = false
  let served = false
  for (const line of deployingGuideHaproxyConfig().split('\n')) {
    const indent = line.match(/^\s*/)![0]
    if (/^\s*bind\s/.test(line)) {
      if (!bound) out.push(`${indent}bind 127.0.0.1:${listen}`)
      bound = true
    } else if (/^\s*server\s/.test(line)) {
      if (!served) out.push(...backends.map((b) => `${indent}server ${b.name} 127.0.0.1:${b.port} check`))
      served = true
    } else out.push(line)
  }
  if (!bound || !served) throw new Error('the guide\'s HAProxy configuration has no bind or no server line')
  return out.join('\n')
}

/** HAProxy's own check of a configuration: its warnings and alerts (none when it is sound). */
export function checkHaproxyConfig(config: string): string[] {
  const binary = ensureHaproxy()
  const dir = mkdtempSync(path.join(os.tmpdir(), 'haproxy-check-'))
  try {
    const file = path.join(dir, 'haproxy.cfg')
    writeFileSync(file, config)
    const run = spawnSync(binary, ['-c', '-f', file], { encoding: 'utf8' })
    const output = `${run.stdout}${run.stderr}`
    const problems = output.split('\n').filter((l) => /\[(WARNING|ALERT)\]/.test(l))
    if (run.status !== 0 && problems.length === 0) problems.push(output.trim() || `haproxy -c exited with ${run.status}`)
    return problems
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * HAProxy on a loopback port in front of the given instances, configured as the deploying guide says
 * (round robin, no stickiness, readiness checks on /readyz, the client address in X-Forwarded-For, a
 * connection that cannot be opened retried on the other instance). It refuses to start on a
 * configuration HAProxy warns about. No retry of a request that was already sent: a deploy must drop
 * nothing on its own merits.
 */
export async function startLoadBalancer(backends: Backend[], { port }: { port?: number } = {}): Promise<LoadBalancer> {
  const binary = ensureHaproxy()
  const listen = port ?? (await freePort())
  const configText = haproxyConfigFor(backends, listen)
  const problems = checkHaproxyConfig(configText)
  if (problems.length) throw new Error(`HAProxy finds fault with the deploying guide's configuration:\n${problems.join('\n')}`)
  const dir = mkdtempSync(path.join(os.tmpdir(), 'haproxy-'))
  const config = path.join(dir, 'haproxy.cfg')
  writeFileSync(config, configText)
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
    close: () => stopAndRemoveDir(child, dir),
  }
}
