import { getFormProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { moveLabels, moveNeedsNote, stageLabel, type JobSide, type JobStage } from '../../../lib/job-stages'
import { stageMoveSchema } from '../../../lib/quote-schema'
import { closeJobSchema, REVIEW_COMMENT_MAX } from '../../../lib/review-schema'
import { TextareaField } from '../../components/forms'
import { StatusMessage } from '../../components/portal/status-message'
import { buttonClass, secondaryButtonClass } from '../../components/portal/styles'
import { useJobAction } from './use-job-action'
import { PortalCard } from '../../components/portal/portal-card'

/** Moves that end or refuse a job: offered apart from the moves that take it forward. */
export const endingMoves: readonly JobStage[] = ['cancelled', 'declined']

/**
 * The moves the viewer may make by hand now, each a button, with an optional note for the timeline.
 * `ending` shows the moves that end the job (cancel, decline), `forward` the others. A move that
 * needs a note (the consultancy closing a released job its client has not accepted) has its own form,
 * whose note is required.
 */
export function StageActions({ moves, kind = 'forward', stage = null, side = 'client' }: { moves: JobStage[]; kind?: 'forward' | 'ending'; stage?: string | null; side?: JobSide }) {
  const offered = moves.filter((to) => endingMoves.includes(to) === (kind === 'ending'))
  const withNote = offered.filter((to) => moveNeedsNote(stage, to, side))
  const shown = offered.filter((to) => !withNote.includes(to))
  const move = useJobAction(`move-stage-${kind}`, 'Stage updated')
  const [form, fields] = useForm({
    id: `move-stage-${kind}`,
    lastResult: move.lastResult,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: stageMoveSchema }),
  })
  if (offered.length === 0) return null
  const buttons = (
    <div className="flex flex-wrap gap-2">
      {shown.map((to) => (
        <button key={to} type="submit" name="to" value={to} disabled={move.busy} className={kind === 'ending' ? secondaryButtonClass : buttonClass}>
          {moveLabels[to] ?? `Move to ${stageLabel(to)}`}
        </button>
      ))}
    </div>
  )
  const body =
    shown.length === 0 ? null : (
      <move.fetcher.Form method="post" className="space-y-3" {...getFormProps(form)} aria-label={kind === 'ending' ? 'End the job' : 'Move the job'}>
        <input type="hidden" name="intent" value="move-stage" />
        {kind === 'forward' ? (
          <TextareaField label="Note for the timeline (optional)" errors={fields.note.errors} textareaProps={{ ...getTextareaProps(fields.note, { ariaAttributes: false }), rows: 2 }} />
        ) : null}
        {buttons}
        <StatusMessage status={move.status} testId={kind === 'ending' ? 'stage-ending-status' : 'stage-status'} />
      </move.fetcher.Form>
    )
  const noted = withNote.map((to) => <MoveWithNote key={to} to={to} />)
  if (kind === 'ending')
    return (
      <>
        {body}
        {noted}
      </>
    )
  return (
    <PortalCard titleId="stage-actions-title" title="Move the job">
      <div className="space-y-4">
        {body}
        {noted}
      </div>
    </PortalCard>
  )
}

/** A move made only with a note saying why (closing a released job): the note is required, here and on the server. */
function MoveWithNote({ to }: { to: JobStage }) {
  const move = useJobAction(`move-stage-note-${to}`, 'Stage updated')
  const [form, fields] = useForm({
    id: `move-stage-note-${to}`,
    lastResult: move.lastResult,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: closeJobSchema }),
  })
  const label = moveLabels[to] ?? `Move to ${stageLabel(to)}`
  return (
    <move.fetcher.Form method="post" className="space-y-3" {...getFormProps(form)} aria-label={label}>
      <input type="hidden" name="intent" value="move-stage" />
      <input type="hidden" name="to" value={to} />
      <TextareaField
        label={to === 'completed' ? 'Why the job is closed (required)' : 'Note (required)'}
        hint={to === 'completed' ? 'The client has not accepted the release; the note goes on the timeline.' : undefined}
        errors={fields.note.errors}
        textareaProps={{ ...getTextareaProps(fields.note, { ariaAttributes: false }), rows: 2, maxLength: REVIEW_COMMENT_MAX }}
      />
      <button type="submit" disabled={move.busy} className={buttonClass}>
        {label}
      </button>
      <StatusMessage status={move.status} testId="stage-note-status" />
    </move.fetcher.Form>
  )
}
