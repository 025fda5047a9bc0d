import { data, redirect } from 'react-router'
import type { Actor } from '../../../server/auth/actor'
import { requireActor } from '../../../server/auth/require-actor'
import { getAppContext } from '../../../server/context/app-context'
import { toHttpAnswer } from '../../../server/errors/to-http-answer'

/**
 * The consultancy's blog pages (list and settings, editor, moderation): thin adapters. Each turns the
 * request into an actor, calls the service that owns the rule (every one of them admins only), and
 * answers a domain error through the one table of server/errors/to-http-answer.ts.
 */

export interface BlogAdminActionResult {
  intent: string
  ok: boolean
  message?: string
  fieldErrors?: Record<string, string[]>
  /** The editor's preview. */
  preview?: { html: string; hasMaths: boolean }
}

/** A loader's work, with its failures turned into the page's error answer. */
export async function adminLoad<T>(request: Request, work: (actor: Actor) => Promise<T>): Promise<T> {
  let actor: Actor | null = null
  try {
    actor = await requireActor(request)
    return await work(actor)
  } catch (error) {
    const answer = toHttpAnswer(error, { signedIn: actor !== null, log: logFailure })
    throw data({ message: answer.message }, { status: answer.status })
  }
}

export type AdminIntents = Record<string, (actor: Actor, form: FormData) => Promise<Partial<BlogAdminActionResult> | Response>>

/** Several forms post to each page; an `intent` field tells them apart. A handler may answer with a redirect. */
export async function adminAction(request: Request, intents: AdminIntents) {
  let actor: Actor | null = null
  let intent = ''
  try {
    actor = await requireActor(request)
    const form = await request.formData()
    intent = textOf(form, 'intent')
    const handler = Object.hasOwn(intents, intent) ? intents[intent]! : null
    if (!handler) return data<BlogAdminActionResult>({ intent, ok: false, message: 'Unknown action' }, { status: 400 })
    const result = await handler(actor, form)
    if (result instanceof Response) return result
    return data<BlogAdminActionResult>({ intent, ok: true, ...result })
  } catch (error) {
    const answer = toHttpAnswer(error, { signedIn: actor !== null, log: logFailure })
    return data<BlogAdminActionResult>({ intent, ok: false, message: answer.message, fieldErrors: answer.fieldErrors }, { status: answer.status })
  }
}

export function textOf(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

export { redirect }

function logFailure(error: unknown) {
  getAppContext().log.error({ err: error }, 'blog admin request failed')
}
