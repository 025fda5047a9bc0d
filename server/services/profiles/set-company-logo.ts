import { eq } from 'drizzle-orm'
import { LOGO_NOT_FOUND_MESSAGE } from '../../../lib/company-logo-schema'
import { acceptsFileName } from '../../../lib/file-types'
import { getAppContext } from '../../context/app-context'
import { companies, storedFiles } from '../../db/schema'
import { requireCompanyManager } from '../companies/require-company-manager'
import { AppError, isAppError } from '../../errors/app-error'
import { recordAudit } from '../audit/record-audit'
import { deleteFile } from '../files/delete-file'
import { fileUrl } from '../files/file-types'
import { resolveSubjectUserId, type MaybeActor, requireSignedIn } from '../shared/authorize'
import type { Actor } from '../../auth/actor'
import { loadProfile } from './load-profile'
import type { Profile } from './profile-types'

export interface SetCompanyLogoOptions {
  actor: MaybeActor
  /** Another user's id (admins only); the actor's own logo by default. */
  userId?: string | null
  /** The stored path of the uploaded image, profile-pictures/{userId}/{name}; null removes the logo. */
  path: string | null
}

const logoError = () => new AppError('BAD_REQUEST', LOGO_NOT_FOUND_MESSAGE, { fieldErrors: { logo: [LOGO_NOT_FOUND_MESSAGE] } })

/**
 * The company's logo, set by one of its owners (or an admin for them). It is a file they (or an admin for them) uploaded into their own folder,
 * profile-pictures/{userId}/, stored in full and an image: the site shows it to anyone, so it can
 * never point at another client's file, at a document, or at an address outside the site. The logo
 * it replaces is deleted, so the folder keeps only the one in use. Whatever the entry point.
 */
export async function setCompanyLogo({ actor: maybeActor, userId, path }: SetCompanyLogoOptions): Promise<Profile> {
  const actor = requireSignedIn(maybeActor)
  const subject = resolveSubjectUserId(actor, userId)
  const before = await loadProfile(subject)
  requireCompanyManager(actor, before.companyId, 'logo')
  const url = await logoUrlOf(subject, path)
  const { db } = getAppContext()
  await db.transaction(async (tx) => {
    if (before.companyId) await tx.update(companies).set({ logoUrl: url, updatedAt: new Date() }).where(eq(companies.id, before.companyId))
    await recordAudit(tx, { actor, subjectUserId: subject, action: 'set-company-logo', details: { path } })
  })
  await deleteReplacedLogo(actor, subject, before, url)
  return loadProfile(subject)
}

/**
 * The URL a logo path stands for, once it is checked to be an image stored in full in the subject's
 * own logo folder; null for no logo. Refused otherwise, at the field "logo".
 */
export async function logoUrlOf(subject: string, path: string | null): Promise<string | null> {
  if (path === null) return null
  const folder = `profile-pictures/${subject}/`
  const name = path.startsWith(folder) ? path.slice(folder.length) : ''
  if (!name || name.includes('/') || !acceptsFileName('profile-pictures', name)) throw logoError()
  const { db } = getAppContext()
  const [stored] = await db.select({ path: storedFiles.path }).from(storedFiles).where(eq(storedFiles.path, path)).limit(1)
  if (!stored) throw logoError()
  return fileUrl(path)
}

/** After a logo change is saved: the logo it replaced goes, so the folder keeps only the one in use. */
export async function deleteReplacedLogo(actor: Actor, subject: string, before: Profile, url: string | null): Promise<void> {
  const replaced = before.logoUrl && before.logoUrl !== url ? storedPathOf(before.logoUrl, subject) : null
  if (replaced) await deleteFile({ actor, path: replaced }).catch(ignoreNotFound)
}

/** The stored path behind a logo URL of the client's own folder; null for anything else (never deleted). */
function storedPathOf(url: string, subject: string): string | null {
  if (!url.startsWith('/files/')) return null
  try {
    const path = url.slice('/files/'.length).split('/').map(decodeURIComponent).join('/')
    return path.startsWith(`profile-pictures/${subject}/`) ? path : null
  } catch {
    return null
  }
}

function ignoreNotFound(error: unknown) {
  if (isAppError(error) && error.code === 'NOT_FOUND') return
  throw error
}
