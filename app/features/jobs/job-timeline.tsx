import { formatDateTime } from '../../../lib/format'
import { stageLabel } from '../../../lib/job-stages'
import type { JobEventView } from '../../../lib/job-view'
import { PortalCard } from '../../components/portal/portal-card'

/** Every move of the job, oldest first: the stage it reached, who moved it, when, and the note. */
export function JobTimeline({ events }: { events: JobEventView[] }) {
  return (
    <PortalCard titleId="timeline-title" title="Timeline">
      <ol className="space-y-3 border-l-2 border-(--color-border) pl-4" data-testid="job-timeline">
        {events.map((e) => (
          <li key={e.id} className="relative">
            <span aria-hidden="true" className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-(--color-highlight)" />
            <p className="font-medium">
              {e.from === null ? 'Requested' : `${e.from === e.to ? 'Still' : 'Now'} ${stageLabel(e.to)}`}
              <span className="text-(--color-light)"> · {e.by} · </span>
              <time dateTime={e.at} className="text-(--color-light)">
                {formatDateTime(e.at)}
              </time>
            </p>
            {e.note && e.from !== null ? <p className="text-sm whitespace-pre-line text-(--color-light)">{e.note}</p> : null}
          </li>
        ))}
      </ol>
    </PortalCard>
  )
}
