import { eq } from 'drizzle-orm'
import { acceptsFileName } from '../../../lib/file-types'
import { getAppContext } from '../../context'
import { profiles, storedFiles } from '../../db/schema'
import { AppError, isAppError } from '../../errors/app-error'
import { recordAudit } from '../audit/record-audit'
import { deleteFile } from '../files/delete-file'
import { fileUrl } from '../files/file-types'
import { resolveSubjectUserId, type MaybeActor } from '../shared/authorize'
import { loadProfile } from './load-profile'
import type { Profile } from './profile-types'

export interface SetCompanyLogoOptions {
  actor: MaybeActor
  /** Another user's id (admins only); the actor's own logo by default. */
  userId?: string | null
  /** The stored path of the uploaded image, profile-pictures/{userId}/{name}; null removes the logo. */
  path: string | null
}

export const LOGO_NOT_FOUND_MESSAGE = 'The logo must be an image uploaded to your logo folder'

const logoError = () => new AppError('BAD_REQUEST', LOGO_NOT_FOUND_MESSAGE, { fieldErrors: { logo: [LOGO_NOT_FOUND_MESSAGE] } })

/**
 * A client's company logo is a file they (or an admin for them) uploaded into their own folder,
 * profile-pictures/{userId}/, stored in full and an image: the site shows it to anyone, so it can
 * never point at another client's file, at a document, or at an address outside the site. The logo
 * it replaces is deleted, so the folder keeps only the one in use. Whatever the entry point.
 */
export async function setCompanyLogo({ actor, userId, path }: SetCompanyLogoOptions): Promise<Profile> {
  const subject = resolveSubjectUserId(actor, userId)
  const before = await loadProfile(subject)
  const { db } = getAppContext()
  let url: string | null = null
  if (path !== null) {
    const folder = `profile-pictures/${subject}/`
    const name = path.startsWith(folder) ? path.slice(folder.length) : ''
    if (!name || name.includes('/') || !acceptsFileName('profile-pictures', name)) throw logoError()
    const [stored] = await db.select({ path: storedFiles.path }).from(storedFiles).where(eq(storedFiles.path, path)).limit(1)
    if (!stored) throw logoError()
    url = fileUrl(path)
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({ userId: subject, profilePictureUrl: url, updatedAt: new Date() })
      .onConflictDoUpdate({ target: profiles.userId, set: { profilePictureUrl: url, updatedAt: new Date() } })
    await recordAudit(tx, { actor: actor!, subjectUserId: subject, action: 'set-company-logo', details: { path } })
  })
  const replaced = before.logoUrl && before.logoUrl !== url ? storedPathOf(before.logoUrl, subject) : null
  if (replaced) await deleteFile({ actor, path: replaced }).catch(ignoreNotFound)
  return loadProfile(subject)
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
