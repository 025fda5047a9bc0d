import { beforeAll, describe, expect, it } from 'vitest'
import { signIn, signUpAndVerify, userIdOf } from '../portal/support/accounts'
import type { HttpClient } from '../portal/support/http-client'
import { portalServerForSuite } from '../portal/support/portal-server'

/**
 * A client's activity log says where and when they sign in, from which browser, and what the
 * consultancy did with their files: another client must read none of it, by any door (their own log,
 * the admins' log and its filter, the CSV export, the sessions list), and neither may an admin account
 * that has not signed in with a second factor.
 */
describe('a client reading another client’s activity log', () => {
  const portal = portalServerForSuite({ ADMIN_EMAILS: 'weak-admin@example.test' })
  let victim: HttpClient
  let snoop: HttpClient
  let victimId: string

  beforeAll(async () => {
    victim = await signUpAndVerify(portal, 'victim@example.test')
    snoop = await signUpAndVerify(portal, 'snoop@example.test')
    victimId = await userIdOf(victim)
    await signIn(portal, 'victim@example.test', { password: 'Wr0ng!Password' })
    await victim.gql('mutation { createApiToken(name: "victim-secret-script") { id } }')
  })

  it('shows a client only their own events', async () => {
    const own = await snoop.gql<{ myActivity: { entries: { accountEmail: string; details: string }[] } }>('{ myActivity { entries { accountEmail details } } }')
    expect(own.data!.myActivity.entries.length).toBeGreaterThan(0)
    for (const entry of own.data!.myActivity.entries) expect(entry.accountEmail).toBe('snoop@example.test')
    expect(JSON.stringify(own)).not.toContain('victim')
  })

  it('refuses the whole log, its filter by account, and its CSV export', async () => {
    for (const query of ['{ activityLog { entries { accountEmail } } }', 'query($f: ActivityFilter) { activityLog(filter: $f) { entries { accountEmail } } }', '{ activityLogCsv }']) {
      const answer = await snoop.gql(query, { f: { account: 'victim@example.test' } })
      expect(answer.data).toBeNull()
      expect(answer.errors?.[0]?.message).toBe('Unauthorized')
    }
    const csv = await snoop.fetch('/profile/activity.csv?account=victim%40example.test')
    expect(csv.status).toBe(403)
    expect(await csv.text()).not.toContain('victim')
  })

  it('never lists or ends another client’s sessions', async () => {
    const sessions = await snoop.gql<{ sessions: { id: string }[] }>('{ sessions { id } }')
    const victimSessions = await victim.gql<{ sessions: { id: string }[] }>('{ sessions { id } }')
    const victimIds = victimSessions.data!.sessions.map((s) => s.id)
    for (const s of sessions.data!.sessions) expect(victimIds).not.toContain(s.id)
    const ended = await snoop.gql('mutation($id: ID!) { endSession(id: $id) }', { id: victimIds[0] })
    expect(ended.errors?.[0]?.message).toBe('Unauthorized')
    expect((await victim.gql('{ sessions { id } }')).errors).toBeUndefined()
  })

  it('refuses the whole log to an admin account signed in without a second factor', async () => {
    const weakAdmin = await signUpAndVerify(portal, 'weak-admin@example.test', undefined, { twoFactor: false })
    const answer = await weakAdmin.gql('query($f: ActivityFilter) { activityLog(filter: $f) { entries { accountEmail } } }', { f: { account: victimId } })
    expect(answer.errors?.[0]?.message).toBe('Unauthorized')
    expect((await weakAdmin.fetch('/profile/activity.csv')).status).toBe(403)
  })
})
