/**
 * The System Status check lines, read from GET /healthz (its JSON is the server's HealthReport;
 * only the fields used here are read, and anything missing counts as down).
 */
export type CheckState = 'checking' | 'up' | 'down'

export interface ServiceCheck {
  key: 'website' | 'database' | 'ai' | 'portal'
  label: string
  state: CheckState
}

const SERVICE_LABELS: Record<ServiceCheck['key'], string> = {
  website: 'Website',
  database: 'Database',
  ai: 'AI Assistant',
  portal: 'Client Portal',
}

const keys = Object.keys(SERVICE_LABELS) as ServiceCheck['key'][]

function flag(value: unknown, field: string): boolean {
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>)[field] === true
}

/** 'pending' while the request runs, 'unreachable' when it failed, or the parsed body. */
export type HealthResult = { kind: 'pending' } | { kind: 'unreachable' } | { kind: 'report'; body: unknown }

export function serviceChecks(result: HealthResult): ServiceCheck[] {
  if (result.kind === 'pending') return keys.map((key) => ({ key, label: SERVICE_LABELS[key], state: 'checking' }))
  if (result.kind === 'unreachable') return keys.map((key) => ({ key, label: SERVICE_LABELS[key], state: 'down' }))
  const body = (typeof result.body === 'object' && result.body !== null ? result.body : {}) as Record<string, unknown>
  const up: Record<ServiceCheck['key'], boolean> = {
    website: flag(body.website, 'up'),
    database: flag(body.database, 'reachable'),
    ai: flag(body.assistant, 'up'),
    portal: flag(body.portal, 'up'),
  }
  return keys.map((key) => ({ key, label: SERVICE_LABELS[key], state: up[key] ? 'up' : 'down' }))
}
