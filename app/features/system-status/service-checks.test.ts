import { describe, expect, it } from 'vitest'
import { serviceChecks } from './service-checks'

const healthy = {
  status: 'ok',
  database: { reachable: true, version: 'PostgreSQL 18.1', kind: 'embedded', latencyMs: 2 },
  website: { up: true, uptimeSeconds: 5 },
  assistant: { up: true, engine: 'site-knowledge' },
  portal: { up: true },
  realtime: { kind: 'in-process' },
}

describe('serviceChecks', () => {
  it('reads all four services up from a healthy report', () => {
    const checks = serviceChecks({ kind: 'report', body: healthy })
    expect(checks.map((c) => [c.label, c.state])).toEqual([
      ['Website', 'up'],
      ['Database', 'up'],
      ['AI Assistant', 'up'],
      ['Client Portal', 'up'],
    ])
  })

  it('reports the database and portal down when the database is unreachable', () => {
    const checks = serviceChecks({ kind: 'report', body: { ...healthy, status: 'degraded', database: { reachable: false }, portal: { up: false } } })
    expect(checks.filter((c) => c.state === 'up').map((c) => c.key)).toEqual(['website', 'ai'])
  })

  it('counts everything down when /healthz cannot be reached or answers nonsense', () => {
    expect(serviceChecks({ kind: 'unreachable' }).every((c) => c.state === 'down')).toBe(true)
    expect(serviceChecks({ kind: 'report', body: 'oops' }).every((c) => c.state === 'down')).toBe(true)
  })

  it('is checking while the request runs', () => {
    expect(serviceChecks({ kind: 'pending' }).every((c) => c.state === 'checking')).toBe(true)
  })
})
