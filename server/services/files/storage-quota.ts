import { formatSize } from '../../../lib/format'
import { AppError } from '../../errors/app-error'
import type { StorageArea } from './storage-path'

/**
 * The per-account storage quota (STORAGE_QUOTA_BYTES): a client's folders (documents, logo, the files
 * and thread files of its job requests) share one quota, whoever uploads into them (an admin uploading
 * into a client's folder uses that client's space). The consultancy's deliverables are not the
 * client's files and do not count; picture submissions belong to no account and have limits of their
 * own.
 */
export function countsTowardQuota(area: StorageArea, ownerId: string | null): ownerId is string {
  return ownerId !== null && ownerId !== '' && area !== 'job-deliverables' && area !== 'picture-submissions'
}


/** The refusal of an upload the account has no room left for, in words the upload form shows as they are. */
export function storageQuotaExceeded(quotaBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `Storage quota reached (${formatSize(quotaBytes)}). Delete some files to make room, or ask us for more space.`)
}
