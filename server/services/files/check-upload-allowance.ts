import { formatSize } from '../../../lib/format'
import { AppError } from '../../errors/app-error'
import { getPictureSubmissionTotals } from './get-picture-submission-totals'
import type { StorageArea } from './storage-path'

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
 * checkStorageQuota when it finishes.) Throws PAYLOAD_TOO_LARGE or TOO_MANY_REQUESTS when it does not fit.
 */
export async function checkUploadAllowance({ area, size }: CheckUploadAllowanceOptions): Promise<void> {
  if (area === 'blog-images') {
    if (size > BLOG_IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage(BLOG_IMAGE_MAX_BYTES))
    return
  }
  if (area !== 'picture-submissions') return
  if (size > PICTURE_SUBMISSION_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage(PICTURE_SUBMISSION_MAX_BYTES))
  const today = await getPictureSubmissionTotals()
  if (today.count >= PICTURE_SUBMISSIONS_PER_DAY.count || today.bytes + size > PICTURE_SUBMISSIONS_PER_DAY.bytes) {
    throw new AppError('TOO_MANY_REQUESTS', PICTURE_SUBMISSIONS_CLOSED_MESSAGE)
  }
}

/** The words of a file refused for its size, with the limit a person can act on. */
export function tooLargeMessage(maxBytes: number) {
  return `File is too large (the limit is ${formatSize(maxBytes)})`
}
