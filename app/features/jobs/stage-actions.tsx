import { getFormProps, getTextareaProps } from '@conform-to/react'
import { isJobStage, moveLabels, moveNeedsNote, stageLabel, type JobStage } from '../../../lib/job-stages'
import { z } from '../../../lib/zod'
import { stageMoveSchema } from '../../../lib/quote-schema'
import { closeJobSchema } from '../../../lib/review-schema'
import { TextareaField } from '../../components/forms'
import { StatusMessage } from '../../components/portal/status-message'
import { buttonClass, secondaryButtonClass } from '../../components/portal/styles'
import { useJobAction } from './use-job-action'
import { PortalCard } from '../../components/portal/portal-card'
import { useSchemaForm } from '../../components/use-schema-form'

/**
 * The move's form as the page checks it before posting: a note of at most its length, and for a move
 * that needs one (closing a released job) the closing note's rule (closeJobSchema), as the server has it.
 */
function moveSchemaFrom(stage: JobStage | undefined) {
  return stageMoveSchema.extend({ to: z.string().optional() }).superRefine((value, ctx) => {
    if (!value.to || !isJobStage(value.to) || !moveNeedsNote(stage, value.to, 'consultancy')) return
    const closing = closeJobSchema.safeParse({ note: value.note })
    if (!closing.success) ctx.addIssue({ code: 'custom', path: ['note'], message: closing.error.issues[0]?.message ?? 'Say why the job is closed' })
  })
}

/** Moves that end or refuse a job: offered apart from the moves that take it forward. */
export const endingMoves: readonly JobStage[] = ['cancelled', 'declined']

/**
 * The moves the viewer may make by hand now, each a button, with a note for the timeline: optional,
 * but required to close a released job without the client's acceptance ("Close with a note").
 * `ending` shows the moves that end the job (cancel, decline), `forward` the others.
 */
export function StageActions({ moves, stage, kind = 'forward' }: { moves: JobStage[]; stage?: JobStage; kind?: 'forward' | 'ending' }) {
  const shown = moves.filter((to) => endingMoves.includes(to) === (kind === 'ending'))
  const noteNeededBy = shown.filter((to) => moveNeedsNote(stage, to, 'consultancy'))
  const move = useJobAction(`move-stage-${kind}`, 'Stage updated')
  const [form, fields] = useSchemaForm(moveSchemaFrom(stage), {
    id: `move-stage-${kind}`,
    lastResult: move.lastResult,
  })
  if (shown.length === 0) return null
  const buttons = (
    <div className="flex flex-wrap gap-2">
      {shown.map((to) => (
        <button key={to} type="submit" name="to" value={to} disabled={move.busy} className={kind === 'ending' ? secondaryButtonClass : buttonClass}>
          {moveLabels[to] ?? `Move to ${stageLabel(to)}`}
        </button>
      ))}
    </div>
  )
  const body = (
    <move.fetcher.Form method="post" className="space-y-3" {...getFormProps(form)} aria-label={kind === 'ending' ? 'End the job' : 'Move the job'}>
      <input type="hidden" name="intent" value="move-stage" />
      {kind === 'forward' ? (
        <TextareaField label={noteNeededBy.length ? 'Note for the timeline (required to close the job)' : 'Note for the timeline (optional)'} errors={fields.note.errors} textareaProps={{ ...getTextareaProps(fields.note, { ariaAttributes: false }), rows: 2 }} />
      ) : null}
      {buttons}
      <StatusMessage status={move.status} testId={kind === 'ending' ? 'stage-ending-status' : 'stage-status'} />
    </move.fetcher.Form>
  )
  if (kind === 'ending') return body
  return (
    <PortalCard titleId="stage-actions-title" title="Move the job">
      {body}
    </PortalCard>
  )
}
