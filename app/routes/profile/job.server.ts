import { redirect } from 'react-router'
import type { Actor } from '../../../server/auth/actor'
import { requireActor } from '../../../server/auth/require-actor'
import { getAppContext } from '../../../server/context/app-context'
import { renderQuotePdf } from '../../../server/documents/render-quote-pdf'
import { toHttpAnswer } from '../../../server/errors/to-http-answer'
import { submitForm, type SubmitFormOutcome } from '../../../server/http/submit-form'
import { declineQuoteSchema, jobMessageSchema, quoteSchema, stageMoveSchema } from '../../../lib/quote-schema'
import { revisionDecisionSchema } from '../../../lib/review-schema'
import { clientIpFromRequest } from '../../../server/http/client-ip'
import { deleteJobRequest } from '../../../server/services/jobs/delete-job-request'
import { decideQuote } from '../../../server/services/jobs/decide-quote'
import { getJob } from '../../../server/services/jobs/get-job'
import type { JobView } from '../../../lib/job-view'
import { getQuote } from '../../../server/services/jobs/get-quote'
import { markJobRead } from '../../../server/services/jobs/mark-job-read'
import { setJobFollowing } from '../../../server/services/jobs/set-job-following'
import { moveJobStage } from '../../../server/services/jobs/move-job-stage'
import { postJobMessage } from '../../../server/services/jobs/post-job-message'
import { removeDeliverable } from '../../../server/services/jobs/remove-deliverable'
import { sendQuote } from '../../../server/services/jobs/send-quote'
import { setJobArchived } from '../../../server/services/jobs/set-job-archived'
import { decideRevision } from '../../../server/services/reviews/decide-revision'
import { signedInAction, textOf, type SignedInIntents } from './signed-in-route.server'
import { resolveCommentSchema, revisionCommentFormSchema } from '../../../lib/review-comments'
import { addRevisionComment, carryOverComments, resolveRevisionComment } from '../../../server/services/reviews/revision-comments'

/**
 * The job page's loader, action and quote download: thin adapters. Each turns the request into an
 * actor first, calls the service that owns the rule, and answers a domain error through the one
 * table of server/errors/to-http-answer.ts.
 */

export interface JobPageData {
  view: JobView
  vatPercent: number
  maxUploadBytes: number
  maxPreviewBytes: number
}

/** GET /profile/jobs/:id/view : the job page's data, as JSON, for its client or the consultancy. */
export async function jobViewResponse(request: Request, id: string): Promise<Response> {
  return jsonAnswer(request, async (actor) => {
    const view = await getJob({ actor, id })
    const { env } = getAppContext()
    return { view, vatPercent: env.QUOTE_VAT_PERCENT, maxUploadBytes: env.UPLOAD_MAX_BYTES, maxPreviewBytes: env.PREVIEW_MAX_BYTES } satisfies JobPageData
  })
}

/** POST /profile/jobs/:id/view : the viewer has read the job's thread (the page says so once it shows it). */
export async function markJobReadResponse(request: Request, id: string): Promise<Response> {
  return jsonAnswer(request, async (actor) => {
    await markJobRead({ actor, id })
    return { ok: true }
  })
}

async function jsonAnswer(request: Request, read: (actor: Actor) => Promise<unknown>): Promise<Response> {
  const headers = { 'Cache-Control': 'no-store' }
  let actor: Actor | null = null
  try {
    actor = await requireActor(request)
    return Response.json(await read(actor), { headers })
  } catch (error) {
    const answer = toHttpAnswer(error, { signedIn: actor !== null, log: logFailure })
    return Response.json({ message: answer.message }, { status: answer.status, headers })
  }
}

/** What an intent gives back: a redirect, a form's result (its field errors), or nothing to tell. */
type IntentOutcome = Response | SubmitFormOutcome<unknown> | unknown
type IntentHandler = (actor: Actor, id: string, form: FormData, request: Request) => Promise<IntentOutcome>

/**
 * One line per intent, each calling the service that owns its rule. A form's fields go through the
 * same schema as in the browser first (`submitForm`), so its errors come back beside their controls.
 */
const intents: Record<string, IntentHandler> = {
  'send-quote': (actor, jobId, form) => submitForm(form, quoteSchema, (input) => sendQuote({ actor, jobId, input })),
  'accept-quote': (actor, jobId) => decideQuote({ actor, jobId, decision: 'accept' }),
  'decline-quote': (actor, jobId, form) => submitForm(form, declineQuoteSchema, ({ reason }) => decideQuote({ actor, jobId, decision: 'decline', reason })),
  'move-stage': (actor, jobId, form) => submitForm(form, stageMoveSchema, ({ note }) => moveJobStage({ actor, jobId, to: textOf(form, 'to'), note })),
  // A decision keeps where it came from: the visitor's address and browser.
  'decide-revision': (actor, jobId, form, request) =>
    submitForm(form, revisionDecisionSchema, (input) => decideRevision({ actor, jobId, input, ip: clientIpFromRequest(request) ?? null, userAgent: request.headers.get('user-agent') })),
  'remove-deliverable': (actor, jobId, form) => removeDeliverable({ actor, jobId, path: textOf(form, 'path') }),
  'post-message': (actor, jobId, form) => submitForm(form, jobMessageSchema, ({ body, files }) => postJobMessage({ actor, jobId, body, files })),
  'archive-job': (actor, jobId) => setJobArchived({ actor, jobId, archived: true }),
  'unarchive-job': (actor, jobId) => setJobArchived({ actor, jobId, archived: false }),
  'comment-revision': (actor, jobId, form) => submitForm(form, revisionCommentFormSchema, (input) => addRevisionComment({ actor, jobId, input })),
  'resolve-comment': (actor, jobId, form) => submitForm(form, resolveCommentSchema, ({ commentId, resolved }) => resolveRevisionComment({ actor, jobId, commentId, resolved })),
  'carry-over-comments': (actor, jobId, form) => carryOverComments({ actor, jobId, revisionId: textOf(form, 'revisionId') }),
  'set-following': (actor, jobId, form) => setJobFollowing({ actor, jobId, following: textOf(form, 'following') === 'true' }),
  // The page is gone with the job: back to the dashboard (the consultancy's, on this client).
  'delete-job': async (actor, jobId) => {
    const deleted = await deleteJobRequest({ actor, id: jobId })
    return redirect(actor.isAdmin ? `/profile?client=${encodeURIComponent(deleted.user)}` : '/profile')
  },
}

/** Several forms post to the job page; an `intent` field tells them apart. A form's result (its field errors) goes back to it. */
export function runJobAction(request: Request, id: string) {
  const forThisJob: SignedInIntents = {}
  for (const [name, handler] of Object.entries(intents)) {
    forThisJob[name] = async (actor, form) => {
      const outcome = await handler(actor, id, form, request)
      if (outcome instanceof Response) return outcome
      const result = isFormOutcome(outcome) ? outcome.result : undefined
      return result ? { ok: result.status !== 'error', result } : {}
    }
  }
  return signedInAction(request, forThisJob)
}

/** GET /profile/jobs/:id/quotes/:quoteId: the quote as a PDF, for the job's client or an admin. */
export async function quotePdfResponse(request: Request, jobId: string, quoteId: string): Promise<Response> {
  let actor: Actor | null = null
  try {
    actor = await requireActor(request)
    const document = await getQuote({ actor, jobId, quoteId })
    const pdf = await renderQuotePdf(document)
    return new Response(new Uint8Array(pdf), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${document.quote.number}.pdf"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    })
  } catch (error) {
    const answer = toHttpAnswer(error, { signedIn: actor !== null, log: logFailure })
    return new Response(answer.message, { status: answer.status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
  }
}

function isFormOutcome(outcome: unknown): outcome is SubmitFormOutcome<unknown> {
  return typeof outcome === 'object' && outcome !== null && 'result' in outcome && typeof outcome.result === 'object'
}

function logFailure(error: unknown) {
  getAppContext().log.error({ err: error }, 'job page request failed')
}
