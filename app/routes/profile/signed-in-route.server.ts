import { data, redirect } from 'react-router'
import type { Actor } from '../../../server/auth/actor'
import { requireActor } from '../../../server/auth/require-actor'
import { resolveActor } from '../../../server/auth/resolve-actor'
import { AppError } from '../../../server/errors/app-error'
import { getAppContext } from '../../../server/context/app-context'
import { toHttpAnswer } from '../../../server/errors/to-http-answer'

/**
 * The signed-in pages that load and post on their own (the blog's admin pages, the company page):
 * thin adapters. Each turns the request into an actor, calls the service that owns the rule, and
 * answers a domain error through the one table of server/errors/to-http-answer.ts.
 */

export interface SignedInActionResult {
  intent: string
  ok: boolean
  message?: string
  fieldErrors?: Record<string, string[]>
  /** The editor's preview. */
  preview?: { html: string; hasMaths: boolean }
  /** A Conform form's result (its field errors), for the form's `lastResult`. */
  result?: unknown
}

/** A loader's work, with its failures turned into the page's error answer. */
export function signedInLoad<T>(request: Request, work: (actor: Actor) => Promise<T>): Promise<T> {
  return pageLoad(request, (actor) => {
    if (!actor) throw new AppError('UNAUTHORIZED')
    return work(actor)
  })
}

/** A loader's work for whoever asks (a guest too: null), with its failures turned into the page's error answer. */
export async function pageLoad<T>(request: Request, work: (actor: Actor | null) => Promise<T>): Promise<T> {
  let actor: Actor | null = null
  try {
    actor = await resolveActor(request)
    return await work(actor)
  } catch (error) {
    const answer = toHttpAnswer(error, { signedIn: actor !== null, log: logFailure })
    throw data({ message: answer.message }, { status: answer.status })
  }
}

export type SignedInIntents = Record<string, (actor: Actor, form: FormData) => Promise<Partial<SignedInActionResult> | Response>>

/** Several forms post to each page; an `intent` field tells them apart. A handler may answer with a redirect. */
export async function signedInAction(request: Request, intents: SignedInIntents) {
  let actor: Actor | null = null
  let intent = ''
  try {
    actor = await requireActor(request)
    const form = await request.formData()
    intent = textOf(form, 'intent')
    const handler = Object.hasOwn(intents, intent) ? intents[intent]! : null
    if (!handler) return data<SignedInActionResult>({ intent, ok: false, message: 'Unknown action' }, { status: 400 })
    const result = await handler(actor, form)
    if (result instanceof Response) return result
    // A form refused by its schema answers 400 with its result (its field errors).
    // (A success names no status: the page's own answer, e.g. a loader's refusal, keeps its status.)
    if (result.ok === false) return data<SignedInActionResult>({ intent, ...result, ok: false }, { status: 400 })
    return data<SignedInActionResult>({ intent, ...result, ok: true })
  } catch (error) {
    const answer = toHttpAnswer(error, { signedIn: actor !== null, log: logFailure })
    return data<SignedInActionResult>({ intent, ok: false, message: answer.message, fieldErrors: answer.fieldErrors }, { status: answer.status })
  }
}

export function textOf(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

export { redirect }

function logFailure(error: unknown) {
  getAppContext().log.error({ err: error }, 'signed-in page request failed')
}
