import type { ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'

/** Ends a helper daemon started for a test or a benchmark (SIGTERM, waiting for its exit), then removes its working directory. */
export async function stopAndRemoveDir(child: ChildProcess, dir: string): Promise<void> {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  rmSync(dir, { recursive: true, force: true })
}
