import { spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { newDataDir } from './data-dir'
import { SERVER_NODE_FLAGS } from '../../server/code-generation'
import { serverEntry } from './server-entry'

const root = path.resolve(import.meta.dirname, '../..')

export interface TestServer {
  url: string
  dataDir: string
  process: ChildProcess
  /** Everything the server logged so far (one JSON line each). */
  logs: string[]
  /** SIGTERM and wait for exit. */
  stop(): Promise<number | null>
  /** Send a signal and wait for exit (e.g. SIGKILL for crash tests). */
  kill(signal: NodeJS.Signals): Promise<number | null>
  /** Remove the data directory (when it was created here). */
  cleanup(): void
}

export interface TestServerOptions {
  /** Settings of this server; a server with any is the test's own. */
  env?: Record<string, string | undefined>
  /**
   * A server of the test's own even without settings: to read its log, stop it or restart it. Without
   * settings, data directory or this, a browser test gets the one server all browser tests share.
   */
  own?: boolean
  /** Reuse a data directory (e.g. after a crash); a fresh temporary one by default. */
  dataDir?: string
  timeoutMs?: number
}

/** Where the shared server of the browser tests runs (tests/setup/shared-server.ts provides it). */
export interface SharedServerInfo {
  url: string
  dataDir: string
}

/** Where the client portal's shared server runs, and where its mails can be read. */
export interface PortalServerInfo extends SharedServerInfo {
  mailboxUrl: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    sharedServer: SharedServerInfo | undefined
    portalServer: PortalServerInfo | undefined
  }
}

/**
 * The production server (build/) as a real child process on a free port with its own DATA_DIR and the
 * embedded PostgreSQL; resolves when it logs that it is ready. Called without settings in the browser
 * tests, it answers the one server they share (started once for the run); stopping that one is left to
 * the run's end. Tests that share it keep apart by their own users and data.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const wantsShared = !options.own && !options.dataDir && (!options.env || Object.keys(options.env).length === 0)
  // Only inside a Vitest worker (the benches start servers of their own with the same helper).
  if (wantsShared && process.env.VITEST) {
    const { inject } = await import('vitest')
    const shared = inject('sharedServer')
    if (shared) return sharedTestServer(shared)
  }
  return spawnTestServer(options)
}

/** A server of the run's (started by the global setup), as the tests see it: reachable, not theirs to stop. */
export function sharedTestServer({ url, dataDir }: SharedServerInfo): TestServer {
  const notOwned = async () => null
  return {
    url,
    dataDir,
    get process(): ChildProcess {
      throw new Error('The shared test server runs in the test runner; start one with { own: true } to control its process')
    },
    get logs(): string[] {
      throw new Error('The shared test server’s log is not kept here; start one with { own: true } to read it')
    },
    stop: notOwned,
    kill: notOwned,
    cleanup: () => {},
  }
}

/** Starts a server of the caller's own (see startTestServer). */
export async function spawnTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const ownsDataDir = !options.dataDir
  const dataDir = options.dataDir ?? (await newDataDir('site-test-'))
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ENABLE_TEST_ROUTES: '1',
      // No load balancer polls a test server's readiness: stop at once on SIGTERM (a test sets it to test the delay).
      SHUTDOWN_DELAY_SECONDS: '0',
      // A server started in this process earlier sets process.env.PUBLIC_URL to its own address; this one
      // is at another, and only PUBLIC_URL's origin may send cookies to it.
      PUBLIC_URL: undefined,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: string[] = []
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${logs.join('\n')}`)), options.timeoutMs ?? 60_000)
    let buffer = ''
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString()
      let i
      while ((i = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, i)
        buffer = buffer.slice(i + 1)
        logs.push(line)
        try {
          const entry = JSON.parse(line) as { url?: string; msg?: string }
          if (entry.msg?.startsWith('Site ready') && entry.url) {
            clearTimeout(timer)
            resolve(entry.url)
          }
        } catch {
          /* not JSON */
        }
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (c: Buffer) => logs.push(c.toString()))
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code} before it was ready:\n${logs.join('\n')}`))
    })
  })
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode
    child.kill(signal)
    return exited
  }
  return {
    url,
    dataDir,
    process: child,
    logs,
    stop: () => kill('SIGTERM'),
    kill,
    cleanup: () => {
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
