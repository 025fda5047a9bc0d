import { data } from 'react-router'
import type { z } from '../../../lib/zod'
import { companyLogoSchema } from '../../../lib/company-logo-schema'
import { jobRequestSchema, type JobRequestField } from '../../../lib/job-request-schema'
import { jobRecordAbilities } from '../../../lib/job-stages'
import { jobMailsSchema, profileSchema, type ProfileField } from '../../../lib/profile-schema'
import type { ClientDetailsView, ClientOption, DashboardActionResult, DocumentRow, JobRequestRow } from '../../features/dashboard/types'
import type { Actor } from '../../../server/auth/actor'
import { requireActor } from '../../../server/auth/require-actor'
import { resolveActor } from '../../../server/auth/resolve-actor'
import { getAppContext } from '../../../server/context/app-context'
import { toHttpAnswer } from '../../../server/errors/to-http-answer'
import { submitForm } from '../../../server/http/submit-form'
import { deleteFile } from '../../../server/services/files/delete-file'
import { fileUrl } from '../../../server/services/files/file-types'
import { listFiles } from '../../../server/services/files/list-files'
import { createJobRequest } from '../../../server/services/jobs/create-job-request'
import { deleteJobRequest } from '../../../server/services/jobs/delete-job-request'
import type { JobRequest } from '../../../server/services/jobs/job-request-types'
import { listJobRequests } from '../../../server/services/jobs/list-job-requests'
import { listNeedsYou } from '../../../server/services/jobs/list-needs-you'
import { countWorkNeedingUs } from '../../../server/services/work-queue/count-work-needing-us'
import { listWorkQueue } from '../../../server/services/work-queue/list-work-queue'
import { readWorkQueueFilter } from '../../../lib/work-queue'
import { countUnreadMessages } from '../../../server/services/jobs/count-unread-messages'
import { sideOf } from '../../../server/services/shared/job-viewer'
import { getProfile } from '../../../server/services/profiles/get-profile'
import { listClients } from '../../../server/services/profiles/list-clients'
import type { Profile } from '../../../server/services/profiles/profile-types'
import { setCompanyLogo } from '../../../server/services/profiles/set-company-logo'
import { setJobUpdateMails } from '../../../server/services/profiles/set-job-update-mails'
import { updateProfile } from '../../../server/services/profiles/update-profile'
import { companyRoleLabels } from '../../../lib/company-roles'

/**
 * The /profile loader, action and list endpoints: thin adapters. Each turns the request into an
 * actor first, calls one domain service, which decides every permission and rule, and answers a
 * domain error through the one table of server/errors/to-http-answer.ts.
 */

export type DashboardLoaderData =
  | { signedIn: false }
  | {
      signedIn: true
      isAdmin: boolean
      /** An admin account signed in without a second factor: sent to set one up, no admin tools until then. */
      secondFactorRequired: boolean
      /** The admin's client list; null for everyone else. */
      clients: ClientOption[] | null
      /** The client an admin picked; null when the dashboard shows the signed-in user. */
      clientId: string | null
      details: ClientDetailsView
      maxUploadBytes: number
      maxPreviewBytes: number
    }

/**
 * GET /profile/view?client= : the dashboard's data, as JSON, for the person signed in (the page's
 * document is the same for everyone). A visitor who is not signed in is asked to sign in.
 */
export async function dashboardViewResponse(request: Request): Promise<Response> {
  const headers = { 'Cache-Control': 'no-store' }
  try {
    return Response.json(await loadDashboard(request), { headers })
  } catch (error) {
    const answer = toHttpAnswer(error, { signedIn: true, log: logFailure })
    return Response.json({ message: answer.message }, { status: answer.status, headers })
  }
}

async function loadDashboard(request: Request): Promise<DashboardLoaderData> {
  const actor = await resolveActor(request)
  if (!actor) return { signedIn: false }
  const clientId = new URL(request.url).searchParams.get('client') || null
  const [profile, clients] = await Promise.all([getProfile({ actor, userId: clientId }), actor.isAdmin ? listClients({ actor }) : Promise.resolve(null)])
  return {
    signedIn: true,
    isAdmin: actor.isAdmin,
    secondFactorRequired: actor.adminNeedsSecondFactor === true,
    clients: clients ? clients.map(toClientOption).sort(byCompany) : null,
    clientId: clientId && clientId !== actor.userId ? clientId : null,
    details: toDetailsView(profile),
    maxUploadBytes: getAppContext().env.UPLOAD_MAX_BYTES,
    maxPreviewBytes: getAppContext().env.PREVIEW_MAX_BYTES,
  }
}

type IntentHandler = (actor: Actor, form: FormData, clientId: string | null) => Promise<Omit<DashboardActionResult, 'intent' | 'ok'>>

/**
 * One line per intent, each calling the service that owns its rule. The forms' fields are read by
 * their one schema (lib/), whose every field reaches the service.
 */
const intents: Record<string, IntentHandler> = {
  'update-details': (actor, form, userId) => submitDashboardForm(form, profileSchema, (input) => updateProfile({ actor, userId, input })),
  'create-job-request': (actor, form, user) => submitDashboardForm(form, jobRequestSchema, async (input) => ({ id: (await createJobRequest({ actor, user, input })).id })),
  'delete-job-request': async (actor, form) => ({ id: (await deleteJobRequest({ actor, id: textOf(form, 'id') })).id }),
  'delete-file': (actor, form) => deleteFile({ actor, path: textOf(form, 'path') }),
  'set-logo': (actor, form, userId) => submitDashboardForm(form, companyLogoSchema, ({ path }) => setCompanyLogo({ actor, userId, path })),
  'set-job-mails': (actor, form, userId) => submitDashboardForm(form, jobMailsSchema, ({ enabled }) => setJobUpdateMails({ actor, userId, enabled })),
}

/** Several forms post to /profile; an `intent` field tells them apart, `clientId` names an admin's client. */
export async function runDashboardAction(request: Request) {
  let actor: Actor | null = null
  let intent = ''
  let form: FormData | null = null
  try {
    actor = await requireActor(request)
    form = await request.formData()
    intent = textOf(form, 'intent')
    const handler = Object.hasOwn(intents, intent) ? intents[intent]! : null
    if (!handler) return data<DashboardActionResult>({ intent, ok: false, message: 'Unknown action' }, { status: 400 })
    const outcome = await handler(actor, form, textOf(form, 'clientId') || null)
    return data<DashboardActionResult>({ intent, ok: outcome.result?.status !== 'error', ...outcome }, { status: outcome.result?.status === 'error' ? 400 : 200 })
  } catch (error) {
    const answer = toHttpAnswer(error, { signedIn: actor !== null, log: logFailure })
    const path = intent === 'delete-file' && form ? { path: textOf(form, 'path') } : {}
    return data<DashboardActionResult>({ intent, ok: false, message: answer.message, ...path }, { status: answer.status })
  }
}

/** A form through its schema and then the service; the new record's id, when the save made one. */
async function submitDashboardForm<S extends z.ZodType>(form: FormData, schema: S, save: (value: z.output<S>) => Promise<unknown>) {
  const { result, saved } = await submitForm(form, schema, save)
  const id = typeof saved === 'object' && saved !== null && 'id' in saved && typeof saved.id === 'string' ? { id: saved.id } : {}
  return { result, ...id }
}

/** GET /profile/job-requests?client= : the job list of the dashboard, the archived jobs included (the table sets them apart). */
export async function jobRequestsResponse(request: Request): Promise<Response> {
  return jsonList(request, async (actor, clientId) => {
    const rows = await listJobRequests({ actor, user: clientId, archived: 'include' })
    const unread = await countUnreadMessages({ actor, jobIds: rows.map((r) => r.id) })
    return { jobRequests: rows.map((r) => toJobRequestRow(r, unread.get(r.id) ?? 0, actor)) }
  })
}

/** GET /profile/documents?client= : the documents in the client's box. */
export async function documentsResponse(request: Request): Promise<Response> {
  return jsonList(request, async (actor, clientId) => {
    const files = await listFiles({ actor, prefix: `user-box/${clientId ?? actor.userId}/` })
    return {
      files: files.map((f): DocumentRow => ({ path: f.path, name: f.name, size: f.size, lastModified: f.lastModified, url: f.url, thumbnailUrl: f.thumbnailUrl, canSetThumbnail: f.canSetThumbnail })),
    }
  })
}

/**
 * GET /profile/work-queue?stage=&owner=&needs=1&q=&page= : the consultancy's work queue, every
 * client's jobs (the admin's only; the service refuses everyone else).
 */
export async function workQueueResponse(request: Request): Promise<Response> {
  return jsonList(request, (actor) => listWorkQueue({ actor, filter: readWorkQueueFilter(new URL(request.url).searchParams) }))
}

/** GET /profile/work-queue/count : how many jobs need the consultancy now (the header's badge; the admin's only). */
export async function workNeedingUsCountResponse(request: Request): Promise<Response> {
  return jsonList(request, async (actor) => ({ count: await countWorkNeedingUs({ actor }) }))
}

/** GET /profile/needs-you?client= : what waits for the client (a quote to answer, unread messages, released results). */
export async function needsYouResponse(request: Request): Promise<Response> {
  return jsonList(request, async (actor, clientId) => ({ items: await listNeedsYou({ actor, user: clientId }) }))
}

async function jsonList(request: Request, read: (actor: Actor, clientId: string | null) => Promise<unknown>): Promise<Response> {
  const headers = { 'Cache-Control': 'no-store' }
  let actor: Actor | null = null
  try {
    actor = await requireActor(request)
    return Response.json(await read(actor, new URL(request.url).searchParams.get('client') || null), { headers })
  } catch (error) {
    const answer = toHttpAnswer(error, { signedIn: actor !== null, log: logFailure })
    return Response.json({ error: answer.message }, { status: answer.status, headers })
  }
}

function toClientOption(p: Profile): ClientOption {
  const name = [p.givenName, p.familyName].filter(Boolean).join(' ') || p.nickname
  return { id: p.userId, email: p.email, name, companyName: p.companyName, companyId: p.companyId, role: p.companyRole ? companyRoleLabels[p.companyRole] : '' }
}

/** The picker's order: company by company (named ones by name), each company's owners first, then by email. */
function byCompany(a: ClientOption, b: ClientOption): number {
  const company = (o: ClientOption) => `${o.companyName ? '0' : '1'}${o.companyName.toLowerCase()}\u0000${o.companyId ?? ''}`
  const rank = (o: ClientOption) => ['Owner', 'Approver', 'Member', 'Viewer'].indexOf(o.role)
  return company(a).localeCompare(company(b)) || rank(a) - rank(b) || a.email.localeCompare(b.email)
}

const profileFields = Object.keys(profileSchema.shape) as ProfileField[]
const jobRequestFields = Object.keys(jobRequestSchema.shape) as JobRequestField[]

/** Every field of the profile schema, so the form shows each stored value. */
function toDetailsView(p: Profile): ClientDetailsView {
  const fields = Object.fromEntries(profileFields.map((f) => [f, p[f]])) as Pick<Profile, ProfileField>
  return { userId: p.userId, email: p.email, logoUrl: p.logoUrl, jobUpdateMails: p.jobUpdateMails, ...fields }
}

/**
 * Every field of the job request schema as text, and what the server set; whether the viewer may
 * delete the job comes from the job stage table deleteJobRequest enforces, so the list offers Delete
 * only where it would work.
 */
function toJobRequestRow(j: JobRequest, unread: number, actor: Actor): JobRequestRow {
  const fields = Object.fromEntries(jobRequestFields.map((f) => [f, j[f] ?? ''])) as Record<JobRequestField, string>
  return {
    ...fields,
    id: j.id,
    status: j.status ?? '',
    files: parseStringList(j.files).map((path) => ({ name: path.split('/').pop() ?? path, url: fileUrl(path) })),
    createdAt: j.createdAt,
    unread,
    archived: j.archivedAt !== null,
    canDelete: jobRecordAbilities(j, sideOf(actor)).delete,
  }
}

function parseStringList(value: string | null): string[] {
  if (value === null || value === '') return []
  try {
    const list: unknown = JSON.parse(value)
    return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : []
  } catch {
    return []
  }
}

function textOf(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

function logFailure(error: unknown) {
  getAppContext().log.error({ err: error }, 'dashboard request failed')
}
