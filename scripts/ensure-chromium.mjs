// Browser tests use Debian's Chromium (never a downloaded browser). Install it when missing.
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(path)) {
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${path}. Install it with: sudo apt-get update && sudo apt-get install -y chromium`)
    process.exit(1)
  }
  console.log('Installing Debian chromium for the browser tests...')
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-dejavu-core']]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
    if (r.status !== 0) process.exit(r.status ?? 1)
  }
}
