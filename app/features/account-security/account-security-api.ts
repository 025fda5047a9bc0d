/** The sign-in settings and the activity log as the settings page reads and changes them (GraphQL). */
import type { AccountSecurityInfo, SessionInfo, TwoFactorSetup } from '../../../lib/account-security-types'
import type { ActivityFilter } from '../../../lib/activity-schema'
import type { ActivityPage } from '../../../lib/activity-types'
import { graphqlRequest } from '../../../lib/api-client'

const activityFields = 'entries { id at kind action label accountEmail byEmail ipAddress place browser details } page hasMore'

export async function fetchAccountSecurity(signal?: AbortSignal): Promise<AccountSecurityInfo> {
  const data = await graphqlRequest<{ accountSecurity: AccountSecurityInfo }>(
    '{ accountSecurity { twoFactorEnabled recoveryCodesLeft passkeys { id name createdAt lastUsedAt } signedInWithSecondFactor secondFactorRequired } }',
    {},
    { signal },
  )
  return data.accountSecurity
}

export async function startTwoFactorSetup(password: string): Promise<TwoFactorSetup> {
  const data = await graphqlRequest<{ startTwoFactorSetup: TwoFactorSetup }>('mutation($p: String!) { startTwoFactorSetup(password: $p) { secret otpauthUri qrSize qrPath } }', { p: password })
  return data.startTwoFactorSetup
}

export async function enableTwoFactor(code: string): Promise<string[]> {
  const data = await graphqlRequest<{ enableTwoFactor: { recoveryCodes: string[] } }>('mutation($c: String!) { enableTwoFactor(code: $c) { recoveryCodes } }', { c: code })
  return data.enableTwoFactor.recoveryCodes
}

export async function disableTwoFactor(password: string, code: string): Promise<void> {
  await graphqlRequest('mutation($p: String!, $c: String!) { disableTwoFactor(password: $p, code: $c) }', { p: password, c: code })
}

export async function renewRecoveryCodes(password: string): Promise<string[]> {
  const data = await graphqlRequest<{ renewRecoveryCodes: { recoveryCodes: string[] } }>('mutation($p: String!) { renewRecoveryCodes(password: $p) { recoveryCodes } }', { p: password })
  return data.renewRecoveryCodes.recoveryCodes
}

export async function fetchSessions(signal?: AbortSignal): Promise<SessionInfo[]> {
  const data = await graphqlRequest<{ sessions: SessionInfo[] }>('{ sessions { id current browser system place ipAddress signInMethod createdAt lastUsedAt } }', {}, { signal })
  return data.sessions
}

export async function endSession(id: string): Promise<void> {
  await graphqlRequest('mutation($id: ID!) { endSession(id: $id) }', { id })
}

export async function endOtherSessions(): Promise<number> {
  const data = await graphqlRequest<{ endOtherSessions: number }>('mutation { endOtherSessions }')
  return data.endOtherSessions
}

export async function renamePasskey(id: string, name: string): Promise<void> {
  await graphqlRequest('mutation($id: ID!, $n: String!) { renamePasskey(id: $id, name: $n) { id } }', { id, n: name })
}

export async function removePasskey(id: string): Promise<void> {
  await graphqlRequest('mutation($id: ID!) { removePasskey(id: $id) }', { id })
}

export async function fetchMyActivity(page: number, signal?: AbortSignal): Promise<ActivityPage> {
  const data = await graphqlRequest<{ myActivity: ActivityPage }>(`query($p: Int) { myActivity(page: $p) { ${activityFields} } }`, { p: page }, { signal })
  return data.myActivity
}

export async function fetchActivityLog(filter: ActivityFilter, page: number, signal?: AbortSignal): Promise<ActivityPage> {
  const data = await graphqlRequest<{ activityLog: ActivityPage }>(`query($f: ActivityFilter, $p: Int) { activityLog(filter: $f, page: $p) { ${activityFields} } }`, { f: filter, p: page }, { signal })
  return data.activityLog
}
