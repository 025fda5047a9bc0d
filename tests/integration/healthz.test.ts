import { describe, expect, it } from 'vitest'
import { serverForSuite } from '../setup/server-for-suite'

describe('GET /healthz', () => {
  const server = serverForSuite('healthz-')

  it('reports the database as reachable (its version only to admins)', async () => {
    const res = await fetch(`${server.url}/healthz`)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.status).toBe('ok')
    expect(body.database).toMatchObject({ reachable: true, kind: 'embedded' })
    expect(body.database.version).toBeUndefined()
  })
})
