import { getPictureSubmissionTotals } from '../services/files/get-picture-submission-totals'
import { getStorageUsage } from '../services/files/get-storage-usage'
import type { StorageArea } from '../services/files/storage-path'
import { quotaMessage, refuse, tooLargeMessage, type UploadRefusal } from './upload-refusal'

/** One picture submission: pictures, not archives. */
const PICTURE_SUBMISSION_MAX_BYTES = 10_000_000
/**
 * picture-submissions/ is writable by anyone, so what it takes in a day is capped in all (besides the
 * per-address rate limit), so that no number of addresses can fill the disk.
 */
const PICTURE_SUBMISSIONS_PER_DAY = { count: 500, bytes: 1_000_000_000 }
const PICTURE_SUBMISSIONS_CLOSED_MESSAGE = 'Picture submissions are closed for today. Please try again tomorrow.'

export interface CheckUploadAllowanceOptions {
  area: StorageArea
  /** The client whose folder it is (quota), null for a folder of no client. */
  ownerId: string | null
  path: string
  /** The declared Upload-Length when the upload is created, the received size when it finishes. */
  size: number
  quotaBytes: number
}

/**
 * The space an upload may take, checked when it is created (against its declared length) and again
 * when it finishes (uploads running side by side are not counted until they finish):
 * - a client's folders share one quota (STORAGE_QUOTA_BYTES), whoever uploads into them; the
 *   consultancy's deliverables (job-deliverables/) are not the client's files and do not count;
 * - a picture submission is at most PICTURE_SUBMISSION_MAX_BYTES, and the folder takes at most
 *   PICTURE_SUBMISSIONS_PER_DAY in all.
 * Returns the refusal, or null when the upload fits.
 */
export async function checkUploadAllowance({ area, ownerId, path, size, quotaBytes }: CheckUploadAllowanceOptions): Promise<UploadRefusal | null> {
  if (area === 'picture-submissions') {
    if (size > PICTURE_SUBMISSION_MAX_BYTES) return refuse(413, tooLargeMessage(PICTURE_SUBMISSION_MAX_BYTES))
    const today = await getPictureSubmissionTotals()
    if (today.count >= PICTURE_SUBMISSIONS_PER_DAY.count || today.bytes + size > PICTURE_SUBMISSIONS_PER_DAY.bytes) {
      return refuse(429, PICTURE_SUBMISSIONS_CLOSED_MESSAGE)
    }
    return null
  }
  if (ownerId && area !== 'job-deliverables') {
    const used = await getStorageUsage({ ownerId, excludingPath: path })
    if (used + size > quotaBytes) return refuse(413, quotaMessage(quotaBytes))
  }
  return null
}
