import { useState } from 'react'
import { moveLabels, stageLabel, type JobStage } from '../../../lib/job-stages'
import { ErrorList, controlClass, fieldLabelClass } from '../../components/forms'
import { StatusMessage } from '../dashboard/status-message'
import { buttonClass, cardClass, cardTitleClass, secondaryButtonClass } from '../dashboard/styles'
import { useJobAction } from './use-job-action'

/** The moves the viewer may make by hand now, each a button, with an optional note for the timeline. */
export function StageActions({ moves }: { moves: JobStage[] }) {
  const [note, setNote] = useState('')
  const move = useJobAction('move-stage', 'Stage updated', () => setNote(''))
  if (moves.length === 0) return null
  return (
    <section aria-labelledby="stage-actions-title" className={cardClass}>
      <h2 id="stage-actions-title" className={cardTitleClass}>
        Move the job
      </h2>
      <move.fetcher.Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="move-stage" />
        <label className="block">
          <span className={fieldLabelClass}>Note for the timeline (optional)</span>
          <textarea name="note" rows={2} className={controlClass} value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
        <ErrorList errors={move.errors.note} />
        <div className="flex flex-wrap gap-2">
          {moves.map((to) => (
            <button key={to} type="submit" name="to" value={to} disabled={move.busy} className={to === 'cancelled' || to === 'declined' ? secondaryButtonClass : buttonClass}>
              {moveLabels[to] ?? `Move to ${stageLabel(to)}`}
            </button>
          ))}
        </div>
        <StatusMessage status={move.status} testId="stage-status" />
      </move.fetcher.Form>
    </section>
  )
}
