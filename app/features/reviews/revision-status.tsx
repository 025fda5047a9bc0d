import { revisionDecisionLabels, type RevisionStatus } from '../../../lib/review-view'

/** A revision's status as people read it. */
export const revisionStatusLabels: Record<RevisionStatus, string> = {
  'work in progress': 'Work in progress',
  issued: 'Issued',
  superseded: 'Superseded',
  ...revisionDecisionLabels,
}

const tones: Record<RevisionStatus, string> = {
  'work in progress': 'border-(--color-border) text-(--color-light)',
  issued: 'border-(--color-highlight) text-(--color-text)',
  superseded: 'border-(--color-border) text-(--color-light) line-through decoration-1',
  accepted: 'border-green text-green',
  accepted_with_comments: 'border-green text-green',
  returned: 'border-(--color-red) text-(--color-red)',
}

/** A revision's status as a small badge: its words carry the meaning, the colour only repeats it. */
export function RevisionStatusBadge({ status }: { status: RevisionStatus }) {
  return (
    <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium ${tones[status]}`} data-testid="revision-status">
      {revisionStatusLabels[status]}
    </span>
  )
}
