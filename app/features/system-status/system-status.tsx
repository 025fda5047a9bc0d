import { AlertIcon, CheckIcon } from '../../components/ui/icons'
import { cn } from '../../components/ui/cn'
import { serviceChecks, type CheckState } from './service-checks'
import { useClientInfo } from './use-client-info'
import { formatCoarseLocation, useCoarseLocation } from './use-coarse-location'
import { useHealth } from './use-health'
import { useOnline } from './use-online'

const DETECTING = 'Detecting...'

/** The side panel's System Status block: this browser's connection and details, and the site's health. */
export function SystemStatus() {
  const online = useOnline()
  const location = useCoarseLocation()
  const client = useClientInfo()
  const health = useHealth()
  const checks = serviceChecks(health)
  const active = checks.filter((c) => c.state === 'up').length
  const checking = health.kind === 'pending'

  return (
    <section id="system-status" aria-labelledby="system-status-heading" data-testid="system-status" className="rounded-lg border border-border bg-secondary-background p-4 text-sm">
      <h2 id="system-status-heading" className="mb-3 text-xs font-semibold tracking-widest text-light uppercase">
        System Status
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5">
        <Row label="Connection" testId="status-connection">
          <span className={cn('inline-flex items-center gap-1.5', online ? 'text-green' : 'text-red')}>
            <span aria-hidden="true" className={cn('size-2 rounded-full', online ? 'bg-green' : 'bg-red')} />
            {online ? 'Online' : 'Offline'}
          </span>
        </Row>
        <Row label="Location" testId="status-location">
          {location ? formatCoarseLocation(location) : DETECTING}
        </Row>
        <Row label="OS" testId="status-os">
          {client?.os ?? DETECTING}
        </Row>
        <Row label="Browser" testId="status-browser">
          {client?.browser ?? DETECTING}
        </Row>
        <Row label="Device" testId="status-device">
          {client?.deviceType ?? DETECTING}
        </Row>
      </dl>

      <p className="mt-4 font-medium text-text" data-testid="status-services" aria-live="polite">
        {checking ? 'Checking services...' : `Services ${active}/${checks.length} Active`}
      </p>
      <ul className="mt-2 space-y-1.5" aria-label="Service checks">
        {checks.map((check) => (
          <li key={check.key} data-testid={`check-${check.key}`} data-state={check.state} className="flex items-center gap-2">
            <StateIcon state={check.state} />
            <span className="text-text">{check.label}</span>
            <span className={cn('ml-auto text-xs', check.state === 'up' ? 'text-green' : check.state === 'down' ? 'text-red' : 'text-light')}>
              {check.state === 'up' ? 'Operational' : check.state === 'down' ? 'Unavailable' : 'Checking...'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

function Row({ label, testId, children }: { label: string; testId: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-light">{label}</dt>
      <dd className="text-right text-text tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </>
  )
}

function StateIcon({ state }: { state: CheckState }) {
  if (state === 'up') return <CheckIcon size={16} className="text-green" />
  if (state === 'down') return <AlertIcon size={16} className="text-red" />
  return <span aria-hidden="true" className="inline-block size-4 animate-pulse rounded-full border-2 border-light/60" />
}
