import { getPictureSubmissionTotals } from '../../services/files/get-picture-submission-totals'
import type { StorageArea } from '../../services/files/storage-path'
import { refuse, tooLargeMessage, type UploadRefusal } from './upload-refusal'

/** One picture submission: pictures, not archives. */
const PICTURE_SUBMISSION_MAX_BYTES = 10_000_000
/**
 * picture-submissions/ is writable by anyone, so what it takes in a day is capped in all (besides the
 * per-address rate limit), so that no number of addresses can fill the disk.
 */
const PICTURE_SUBMISSIONS_PER_DAY = { count: 500, bytes: 1_000_000_000 }
const PICTURE_SUBMISSIONS_CLOSED_MESSAGE = 'Picture submissions are closed for today. Please try again tomorrow.'
/** A blog post's picture: a reader on a phone downloads it. */
const BLOG_IMAGE_MAX_BYTES = 10_000_000

export interface CheckUploadAllowanceOptions {
  area: StorageArea
  /** The declared Upload-Length when the upload is created, the received size when it finishes. */
  size: number
}

/**
 * The space a folder of no account may take, checked when an upload is created (against its declared
 * length) and again when it finishes: a picture submission is at most PICTURE_SUBMISSION_MAX_BYTES,
 * and the folder takes at most PICTURE_SUBMISSIONS_PER_DAY in all; a blog post's picture is at most
 * BLOG_IMAGE_MAX_BYTES (the consultancy's, no client's quota). (A client's folders are bounded by the
 * account's quota, which the domain holds: reserveStorage when an upload is created,
 * checkStorageQuota when it finishes.) Returns the refusal, or null when the upload fits.
 */
export async function checkUploadAllowance({ area, size }: CheckUploadAllowanceOptions): Promise<UploadRefusal | null> {
  if (area === 'blog-images') return size > BLOG_IMAGE_MAX_BYTES ? refuse(413, tooLargeMessage(BLOG_IMAGE_MAX_BYTES)) : null
  if (area !== 'picture-submissions') return null
  if (size > PICTURE_SUBMISSION_MAX_BYTES) return refuse(413, tooLargeMessage(PICTURE_SUBMISSION_MAX_BYTES))
  const today = await getPictureSubmissionTotals()
  if (today.count >= PICTURE_SUBMISSIONS_PER_DAY.count || today.bytes + size > PICTURE_SUBMISSIONS_PER_DAY.bytes) {
    return refuse(429, PICTURE_SUBMISSIONS_CLOSED_MESSAGE)
  }
  return null
}
