import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import { freePort } from './free-port'

export interface PrivateRedis {
  url: string
  port: number
  /** Stops the server (SIGTERM) and waits until its port refuses connections. */
  stop(): Promise<void>
  /** Starts it again on the same port (empty: it keeps nothing on disk). */
  start(): Promise<void>
  close(): Promise<void>
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/**
 * A Redis server of this test's own (the machine's redis-server binary on a free loopback port), so a
 * test can stop and start it without touching the Redis other suites use.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort()
  let child: ChildProcess | undefined
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'], { stdio: 'ignore' })
    const deadline = Date.now() + 10_000
    while (!(await canConnect(port))) {
      if (Date.now() > deadline) throw new Error('redis-server did not start')
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  const stop = async () => {
    const current = child
    if (!current || current.exitCode !== null) return
    const exited = new Promise((resolve) => current.once('exit', resolve))
    current.kill('SIGTERM')
    await exited
  }
  await start()
  return { url: `redis://127.0.0.1:${port}`, port, start, stop, close: stop }
}
