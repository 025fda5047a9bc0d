import type { SubmissionResult } from '@conform-to/react'
import type { JobRequestField } from '../../../lib/job-request-schema'
import type { ProfileInput } from '../../../lib/profile-schema'

/**
 * What the dashboard screens render: shapes the /profile loader and its list endpoints return, in
 * the records' own field names (lib/profile-schema.ts, lib/job-request-schema.ts). Only what a
 * screen shows: no other user's rows, no account secrets.
 */
export interface ClientOption {
  id: string
  email: string
  /** Given and family name, or the nickname, when known. */
  name: string
  companyName: string
  /** The client's company and their role in it ("Owner", "Approver", ...): the picker lists each company's members together. */
  companyId: string | null
  role: string
}

/** Every field of the profile schema, so the form shows what is stored. */
export interface ClientDetailsView extends ProfileInput {
  userId: string
  email: string
  /** URL of the company logo, or null. */
  logoUrl: string | null
  /** Mail about job stage changes and the consultancy's messages. */
  jobUpdateMails: boolean
}

/** Every field of the job request schema (as text), and what the server set. */
export type JobRequestRow = Record<JobRequestField, string> & {
  id: string
  status: string
  /** Names of the attached files. */
  files: { name: string; url: string }[]
  createdAt: string
  /** Messages on the job's thread the viewer has not read. */
  unread: number
  /** Filed away by the consultancy: listed apart from the active jobs. */
  archived: boolean
  /** The viewer may delete it now (before a quote of it was accepted: pending, declined or cancelled). */
  canDelete: boolean
}

export interface DocumentRow {
  path: string
  name: string
  size: number
  lastModified: string
  url: string
  /** The model's picture, once the viewer has rendered it. */
  thumbnailUrl: string | null
  /** The viewer may keep the picture its preview renders (the file's uploader, or the consultancy). */
  canSetThumbnail: boolean
}

/** The intents the /profile action answers, one per form or button. */
export type DashboardIntent = 'update-details' | 'create-job-request' | 'delete-job-request' | 'delete-file' | 'set-logo' | 'set-job-mails'

/**
 * The /profile action's answer to every intent: whether it worked, the form's submission result
 * (its field errors) for the forms, a message a person can read when it failed, and what the
 * intent made or removed (the new job request's id, the deleted file's path).
 */
export interface DashboardActionResult {
  intent: DashboardIntent | string
  ok: boolean
  result?: SubmissionResult<string[]>
  message?: string
  id?: string
  path?: string
}
