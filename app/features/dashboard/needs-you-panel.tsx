import { Link } from 'react-router'
import { formatDate, formatDateTime } from '../../../lib/format'
import type { NeedsYouItem } from '../../../lib/needs-you'
import { formatPence } from '../../../lib/quote-schema'
import type { ResourceStatus } from './use-json-resource'
import { PortalCard } from '../../components/portal/portal-card'

/**
 * "What needs you", first on a client's dashboard: a quote to accept or decline (with its total),
 * messages from the consultancy not yet read, a release to sign off (an approver or owner), results
 * released since the job was last opened. Each links to its job, where the client acts.
 */
export function NeedsYouPanel({ status, items }: { status: ResourceStatus; items: NeedsYouItem[] | null }) {
  let body: React.ReactNode
  if (status === 'error') body = <p role="alert">What needs you could not be loaded. Please try again.</p>
  else if (!items) body = <p aria-busy="true">Loading what needs you...</p>
  else if (items.length === 0) body = <p>Nothing needs you right now. We will email you when it does.</p>
  else
    body = (
      <ul className="space-y-3">
        {items.map((item) => (
          <li key={`${item.kind}-${item.jobId}`} className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-(--color-border) p-3" data-testid="needs-you-item">
            <div className="min-w-0">
              <p className="font-medium break-words">{item.title}</p>
              <p className="text-sm text-(--color-light)">{describe(item)}</p>
            </div>
            <Link to={`/profile/jobs/${item.jobId}`} className="inline-flex shrink-0 items-center rounded-md border border-(--color-highlight) px-3 py-1.5 text-sm font-medium text-(--color-text) no-underline hover:bg-(--color-shade)" aria-label={`${actionOf(item)}: ${item.title}`}>
              {actionOf(item)}
            </Link>
          </li>
        ))}
      </ul>
    )
  return (
    <PortalCard titleId="needs-you-title" title="What needs you">
      {body}
    </PortalCard>
  )
}

function describe(item: NeedsYouItem): string {
  switch (item.kind) {
    case 'quote':
      return `Quote to accept or decline: ${formatPence(item.totalPence)} total, valid until ${formatDate(item.validUntil)}`
    case 'messages':
      return item.count === 1 ? '1 unread message from us' : `${item.count} unread messages from us`
    case 'release':
      return `Released ${formatDateTime(item.releasedAt)}: accept or return each revision`
    case 'results':
      return `Results released ${formatDateTime(item.releasedAt)}`
  }
}

function actionOf(item: NeedsYouItem): string {
  switch (item.kind) {
    case 'quote':
      return 'Review the quote'
    case 'messages':
      return 'Read the messages'
    case 'release':
      return 'Review the release'
    case 'results':
      return 'See the results'
  }
}
