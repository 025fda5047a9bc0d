import { graphqlRequest } from '../../../lib/api-client'

/** The sign-in settings as the page reads them (GraphQL accountSecurity). */
export interface AccountSecurityState {
  twoFactorEnabled: boolean
  recoveryCodesLeft: number
  passkeys: PasskeyRow[]
  signedInWithSecondFactor: boolean
  secondFactorRequired: boolean
}

export interface PasskeyRow {
  id: string
  name: string
  createdAt: string | null
  lastUsedAt: string | null
}

export interface SessionRow {
  id: string
  current: boolean
  browser: string
  system: string
  place: string
  ipAddress: string | null
  signInMethod: string
  createdAt: string
  lastUsedAt: string
}

export interface TwoFactorSetup {
  secret: string
  otpauthUri: string
  qrSize: number
  qrPath: string
}

export interface ActivityRow {
  id: string
  at: string
  kind: 'account' | 'admin'
  action: string
  label: string
  accountEmail: string | null
  byEmail: string | null
  ipAddress: string | null
  place: string | null
  browser: string | null
  details: string
}

export interface ActivityPage {
  entries: ActivityRow[]
  page: number
  hasMore: boolean
}

export interface ActivityFilterInput {
  account?: string
  action?: string
  from?: string
  to?: string
}

const activityFields = 'entries { id at kind action label accountEmail byEmail ipAddress place browser details } page hasMore'

export async function fetchAccountSecurity(signal?: AbortSignal): Promise<AccountSecurityState> {
  const data = await graphqlRequest<{ accountSecurity: AccountSecurityState }>(
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

export async function fetchSessions(signal?: AbortSignal): Promise<SessionRow[]> {
  const data = await graphqlRequest<{ sessions: SessionRow[] }>('{ sessions { id current browser system place ipAddress signInMethod createdAt lastUsedAt } }', {}, { signal })
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

export async function fetchActivityLog(filter: ActivityFilterInput, page: number, signal?: AbortSignal): Promise<ActivityPage> {
  const data = await graphqlRequest<{ activityLog: ActivityPage }>(`query($f: ActivityFilter, $p: Int) { activityLog(filter: $f, page: $p) { ${activityFields} } }`, { f: filter, p: page }, { signal })
  return data.activityLog
}
