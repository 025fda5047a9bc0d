import { stageLabel } from '../../../lib/job-stages'

const tones: Record<string, string> = {
  pending: 'border-(--color-border)',
  quoted: 'border-(--color-link)',
  accepted: 'border-(--color-link)',
  in_progress: 'border-(--color-highlight)',
  in_review: 'border-(--color-highlight)',
  completed: 'border-green',
  released: 'border-green',
  declined: 'border-error',
  cancelled: 'border-error',
}

/** A job's stage as a label, in words ("in progress"), outlined by how far along it is. */
export function StageBadge({ stage }: { stage: string | null }) {
  return (
    <span className={`inline-block rounded-full border-2 px-2.5 py-0.5 text-sm whitespace-nowrap ${tones[stage ?? 'pending'] ?? tones.pending}`} data-stage={stage ?? 'pending'}>
      {stageLabel(stage)}
    </span>
  )
}
