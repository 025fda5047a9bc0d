import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../../tests/setup/free-port'
import { stopAndRemoveDir } from '../../tests/setup/stop-child-process'
import { ensureCommand, installPackages } from './wrk'

export interface Nginx {
  url: string
  close(): Promise<void>
}

const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'

/**
 * nginx from Debian serving the client build as a peer for the static-file figures: one worker, the
 * build's precompressed copies (brotli_static, gzip_static), the same URL layout as the server. Null,
 * with the reason printed, when it cannot be installed.
 */
export async function startNginx(root: string): Promise<Nginx | null> {
  if (!ensureCommand('nginx', ['nginx-light', 'libnginx-mod-http-brotli-static'])) return null
  if (!existsSync(BROTLI_MODULE)) installPackages(['libnginx-mod-http-brotli-static'])
  const brotli = existsSync(BROTLI_MODULE)
  if (!brotli) console.log('(nginx runs without brotli_static: libnginx-mod-http-brotli-static is missing)')
  const port = await freePort()
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'))
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${brotli ? `load_module ${BROTLI_MODULE};\n` : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    ${brotli ? 'brotli_static on;' : ''}
    gzip_static on;
    location / { try_files $uri $uri/index.html =404; }
  }
}
`,
  )
  const child = spawn('nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) {
      console.log(`(nginx exited: ${readFileSync(path.join(dir, 'error.log'), 'utf8').trim()})`)
      rmSync(dir, { recursive: true, force: true })
      return null
    }
    const up = await fetch(url).then(
      () => true,
      () => false,
    )
    if (up) break
    await new Promise((r) => setTimeout(r, 50))
  }
  return {
    url,
    close: () => stopAndRemoveDir(child, dir),
  }
}
