import { getFormProps, getTextareaProps } from '@conform-to/react'
import { useId } from 'react'
import { revisionDecisionKinds, type RevisionView } from '../../../lib/review-view'
import { REVIEW_COMMENT_MAX, revisionDecisionSchema } from '../../../lib/review-schema'
import { ErrorList, TextareaField } from '../../components/forms'
import { StatusMessage } from '../../components/portal/status-message'
import { buttonClass } from '../../components/portal/styles'
import { useJobAction } from '../jobs'
import { useSchemaForm } from '../../components/use-schema-form'

/** The words of each choice: a returned revision is "Return with comments", as the approver does it. */
const choiceLabels: Record<(typeof revisionDecisionKinds)[number], string> = {
  accepted: 'Accept',
  accepted_with_comments: 'Accept with comments',
  returned: 'Return with comments',
}

/**
 * An approver's decision on one issued revision: accept, accept with comments or return with
 * comments (the comment then required), checked with the server's schema before it is sent. A
 * decision is final; the page's data is read again after it, and shows the decision in its place.
 */
export function DecisionForm({ revision, document }: { revision: RevisionView; document: string }) {
  const id = useId()
  const code = revision.code ?? 'this revision'
  const decide = useJobAction(`decide-revision-${revision.id}`, 'Decision recorded')
  const [form, fields] = useSchemaForm(revisionDecisionSchema, {
    id: `decide-revision-${revision.id}`,
    lastResult: decide.lastResult,
  })
  const decisionErrorId = `${id}-decision-error`
  const decisionInvalid = Boolean(fields.decision.errors?.length)
  return (
    <decide.fetcher.Form method="post" className="space-y-3 rounded-md border border-(--color-border) p-3" {...getFormProps(form)} aria-label={`Decision on ${document} ${code}`}>
      <input type="hidden" name="intent" value="decide-revision" />
      <input type="hidden" name={fields.revisionId.name} value={revision.id} />
      <fieldset aria-describedby={decisionInvalid ? decisionErrorId : undefined}>
        <legend className="text-sm font-medium">Your decision on {code}</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {revisionDecisionKinds.map((kind) => (
            <label key={kind} className="inline-flex items-center gap-2">
              <input type="radio" name={fields.decision.name} value={kind} defaultChecked={fields.decision.initialValue === kind} aria-invalid={decisionInvalid ? true : undefined} className="accent-(--color-highlight)" />
              {choiceLabels[kind]}
            </label>
          ))}
        </div>
        <ErrorList id={decisionErrorId} errors={fields.decision.errors} />
      </fieldset>
      <TextareaField
        label="Comment"
        hint="Required when you accept with comments or return the revision."
        errors={fields.comment.errors}
        textareaProps={{ ...getTextareaProps(fields.comment, { ariaAttributes: false }), rows: 3, maxLength: REVIEW_COMMENT_MAX }}
      />
      <p className="text-sm text-(--color-light)">A decision is final: it cannot be changed, only followed by a new revision.</p>
      <button type="submit" className={buttonClass} disabled={decide.busy}>
        Record decision
      </button>
      <StatusMessage status={decide.status} testId="decision-status" />
    </decide.fetcher.Form>
  )
}
