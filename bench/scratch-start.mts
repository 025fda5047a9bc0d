import { readFileSync } from 'node:fs'
import { spawnTestServer } from '../tests/setup/test-server'
import { newDataDir } from '../tests/setup/data-dir'
import setup from '../tests/setup/data-dir-template'
const t0 = performance.now(); const done = await setup(); console.log('template', (performance.now() - t0).toFixed(0))
const cpu = (pid: number) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100 }
for (const mode of ['empty', 'empty', 'template']) {
  const t = performance.now()
  const dataDir = mode === 'template' ? await newDataDir('scratch-') : undefined
  const s = await spawnTestServer(dataDir ? { dataDir } : {})
  const ms = performance.now() - t
  console.log(mode, 'ready in', ms.toFixed(0), 'ms; node cpu', cpu(s.process.pid!).toFixed(2), 's')
  await s.stop(); s.cleanup()
}
await done()
