import { data } from 'react-router'
import type { ClientDetailsView, ClientOption, DocumentRow, JobRequestRow } from '../../features/dashboard/types'
import { jobRequestSchema, parseClientDetails, type ClientDetailsField, type FieldErrors } from '../../../lib/profile-schema'
import type { Actor } from '../../../server/auth/actor'
import { resolveActor } from '../../../server/auth/resolve-actor'
import { getAppContext } from '../../../server/context'
import { isAppError } from '../../../server/errors/app-error'
import { deleteFile } from '../../../server/services/files/delete-file'
import { fileUrl } from '../../../server/services/files/file-types'
import { listFiles } from '../../../server/services/files/list-files'
import { createJobRequest } from '../../../server/services/job-requests/create-job-request'
import { deleteJobRequest } from '../../../server/services/job-requests/delete-job-request'
import type { JobRequest } from '../../../server/services/job-requests/job-request-types'
import { listJobRequests } from '../../../server/services/job-requests/list-job-requests'
import { getProfile } from '../../../server/services/profiles/get-profile'
import { listClients } from '../../../server/services/profiles/list-clients'
import { joinPostalAddress, type ClientSummary, type Profile, type ProfileUpdateInput } from '../../../server/services/profiles/profile-types'
import { updateProfile } from '../../../server/services/profiles/update-profile'

/**
 * The /profile loader, action and list endpoints: thin adapters that turn a request into an
 * actor and call the domain services, which decide every permission (STYLE.md habits 3-5).
 */

export type DashboardLoaderData =
  | { signedIn: false }
  | {
      signedIn: true
      isAdmin: boolean
      /** The admin's client list; null for everyone else. */
      clients: ClientOption[] | null
      /** The client an admin picked; null when the dashboard shows the signed-in user. */
      clientId: string | null
      details: ClientDetailsView
      maxUploadBytes: number
    }

export async function loadDashboard(request: Request): Promise<DashboardLoaderData> {
  const actor = await resolveActor(request)
  if (!actor) return { signedIn: false }
  const clientId = new URL(request.url).searchParams.get('client') || null
  const [profile, clients] = await Promise.all([
    getProfile({ actor, userId: clientId }).catch(rethrowAsResponse),
    actor.isAdmin ? listClients({ actor }).catch(rethrowAsResponse) : Promise.resolve(null),
  ])
  return {
    signedIn: true,
    isAdmin: actor.isAdmin,
    clients: clients ? clients.map(toClientOption) : null,
    clientId: clientId && clientId !== actor.userId ? clientId : null,
    details: toDetailsView(profile),
    maxUploadBytes: getAppContext().env.UPLOAD_MAX_BYTES,
  }
}

export type DashboardActionResult =
  | { intent: 'update-details'; ok: boolean; errors?: FieldErrors; message?: string }
  | { intent: 'create-job-request'; ok: boolean; id?: string; errors?: Record<string, string>; message?: string }
  | { intent: 'delete-job-request'; ok: boolean; message?: string }
  | { intent: 'delete-file'; ok: boolean; path?: string; message?: string }
  | { intent: 'set-logo'; ok: boolean; message?: string }

/** Several forms post here; an `intent` field tells them apart (STYLE.md habit 2). */
export async function runDashboardAction(request: Request) {
  const actor = await resolveActor(request)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const clientId = String(form.get('clientId') ?? '') || null
  if (!actor) return data({ intent, ok: false, message: 'Please sign in again' } as DashboardActionResult, { status: 401 })
  try {
    switch (intent) {
      case 'update-details':
        return await updateDetails(actor, clientId, form)
      case 'create-job-request': {
        const parsed = jobRequestSchema.safeParse(Object.fromEntries(['job', 'reference', 'instructions', 'priority'].map((k) => [k, String(form.get(k) ?? '')])))
        if (!parsed.success) return data({ intent, ok: false, errors: firstErrors(parsed.error.issues), message: 'Please check the form' }, { status: 400 })
        const created = await createJobRequest({ actor, input: { ...parsed.data, user: clientId } })
        return { intent, ok: true, id: created.id } satisfies DashboardActionResult
      }
      case 'delete-job-request':
        // The service removes the job and the files of its folder, whoever asks and from wherever.
        await deleteJobRequest({ actor, id: String(form.get('id') ?? '') })
        return { intent, ok: true } satisfies DashboardActionResult
      case 'delete-file': {
        const { path } = await deleteFile({ actor, path: String(form.get('path') ?? '') })
        return { intent, ok: true, path } satisfies DashboardActionResult
      }
      case 'set-logo':
        return await setLogo(actor, clientId, String(form.get('path') ?? ''))
      default:
        return data({ intent, ok: false, message: 'Unknown action' }, { status: 400 })
    }
  } catch (error) {
    const { status, message } = describeError(error)
    return data({ intent, ok: false, message, ...(intent === 'delete-file' ? { path: String(form.get('path') ?? '') } : {}) } as DashboardActionResult, { status })
  }
}

const attributeOf: Record<Exclude<ClientDetailsField, 'building' | 'road' | 'town' | 'county' | 'postcode'>, keyof ProfileUpdateInput> = {
  phoneNumber: 'phone_number',
  nickname: 'nickname',
  givenName: 'given_name',
  familyName: 'family_name',
  website: 'website',
  companyName: 'custom_companyName',
  ethereumAddress: 'custom_EthereumAddress',
}

async function updateDetails(actor: Actor, clientId: string | null, form: FormData) {
  const parsed = parseClientDetails(form)
  if (!parsed.success) return data({ intent: 'update-details' as const, ok: false, errors: parsed.errors }, { status: 400 })
  const d = parsed.data
  const attributes: ProfileUpdateInput = {
    ...Object.fromEntries(Object.entries(attributeOf).map(([field, attribute]) => [attribute, d[field as keyof typeof attributeOf]])),
    custom_postaladdress: [d.building, d.road, d.town, d.county, d.postcode].every((p) => p === '') ? '' : joinPostalAddress(d),
  }
  try {
    await updateProfile({ actor, userId: clientId, attributes })
  } catch (error) {
    if (isAppError(error) && error.fieldErrors) {
      // The service names fields by attribute; the form by input.
      const errors: FieldErrors = {}
      for (const [field, attribute] of Object.entries(attributeOf)) {
        const message = error.fieldErrors[attribute]?.[0]
        if (message) errors[field as ClientDetailsField] = message
      }
      if (error.fieldErrors.custom_postaladdress?.[0]) errors.building = error.fieldErrors.custom_postaladdress[0]
      return data({ intent: 'update-details' as const, ok: false, errors }, { status: 400 })
    }
    throw error
  }
  return { intent: 'update-details' as const, ok: true }
}

async function setLogo(actor: Actor, clientId: string | null, path: string) {
  const subject = clientId ?? actor.userId
  const folder = `profile-pictures/${subject}/`
  const stored = await listFiles({ actor, prefix: folder })
  if (!path.startsWith(folder) || !stored.some((f) => f.path === path)) {
    return data({ intent: 'set-logo' as const, ok: false, message: 'The uploaded logo was not found' }, { status: 400 })
  }
  const before = await getProfile({ actor, userId: clientId })
  await updateProfile({ actor, userId: clientId, attributes: { custom_profilePictureUrl: fileUrl(path) } })
  // The replaced logo is removed, so the folder holds only the one in use.
  for (const file of stored) if (file.path !== path && fileUrl(file.path) === before.attributes.custom_profilePictureUrl) await deleteFile({ actor, path: file.path }).catch(ignoreNotFound)
  return { intent: 'set-logo' as const, ok: true }
}

/** GET /profile/job-requests?client= : the job list of the dashboard. */
export async function jobRequestsResponse(request: Request): Promise<Response> {
  return jsonList(request, async (actor, clientId) => {
    const rows = await listJobRequests({ actor, user: clientId })
    return { jobRequests: rows.map(toJobRequestRow) }
  })
}

/** GET /profile/documents?client= : the documents in the client's box. */
export async function documentsResponse(request: Request): Promise<Response> {
  return jsonList(request, async (actor, clientId) => {
    const files = await listFiles({ actor, prefix: `user-box/${clientId ?? actor.userId}/` })
    return { files: files.map((f): DocumentRow => ({ path: f.path, name: f.name, size: f.size, lastModified: f.lastModified, url: f.url })) }
  })
}

async function jsonList(request: Request, read: (actor: Actor, clientId: string | null) => Promise<unknown>): Promise<Response> {
  const headers = { 'Cache-Control': 'no-store' }
  const actor = await resolveActor(request)
  if (!actor) return Response.json({ error: 'Unauthorized' }, { status: 401, headers })
  const clientId = new URL(request.url).searchParams.get('client') || null
  try {
    return Response.json(await read(actor, clientId), { headers })
  } catch (error) {
    const { status, message } = describeError(error)
    return Response.json({ error: message }, { status, headers })
  }
}

function toClientOption(c: ClientSummary): ClientOption {
  const a = c.Attributes
  const name = [a.given_name, a.family_name].filter(Boolean).join(' ') || a.nickname || ''
  return { id: c.Username, email: a.email, name, companyName: a.custom_companyName ?? '' }
}

function toDetailsView(p: Profile): ClientDetailsView {
  const a = p.attributes
  return {
    userId: p.userId,
    email: a.email,
    phoneNumber: a.phone_number ?? '',
    nickname: a.nickname ?? '',
    givenName: a.given_name ?? '',
    familyName: a.family_name ?? '',
    website: a.website ?? '',
    ...p.postalAddress,
    companyName: a.custom_companyName ?? '',
    ethereumAddress: a.custom_EthereumAddress ?? '',
    logoUrl: a.custom_profilePictureUrl ?? null,
  }
}

function toJobRequestRow(j: JobRequest): JobRequestRow {
  return {
    id: j.id,
    job: j.job ?? '',
    reference: j.reference ?? '',
    priority: j.priority ?? '',
    status: j.status ?? '',
    files: parseStringList(j.files).map((path) => ({ name: path.split('/').pop() ?? path, url: fileUrl(path) })),
    createdAt: j.createdAt,
  }
}

function parseStringList(value: FormDataEntryValue | string | null): string[] {
  if (typeof value !== 'string' || value === '') return []
  try {
    const list: unknown = JSON.parse(value)
    return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : []
  } catch {
    return []
  }
}

function firstErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of issues) errors[String(issue.path[0])] ??= issue.message
  return errors
}

function ignoreNotFound(error: unknown) {
  if (isAppError(error) && error.code === 'NOT_FOUND') return
  throw error
}

/** A domain error keeps its status and safe message; anything else is logged and stays vague. */
function describeError(error: unknown): { status: number; message: string } {
  if (isAppError(error)) return { status: error.status, message: error.message }
  getAppContext().log.error({ err: error }, 'dashboard request failed')
  return { status: 500, message: 'Something went wrong.' }
}

function rethrowAsResponse(error: unknown): never {
  const { status, message } = describeError(error)
  throw data({ message }, { status })
}
