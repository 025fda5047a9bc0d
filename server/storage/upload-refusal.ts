import { isAppError } from '../errors/app-error'

/**
 * A refused tus request: @tus/server answers with `status_code` and the plain-text `body`, which
 * tus-js-client shows as the error message. A class, so the error hook can tell our own refusals
 * (whose words are meant for the user) from the library's.
 */
export class UploadRefusal {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {}
}

export const refuse = (status: number, body: string) => new UploadRefusal(status, body)

/** A domain error as the upload endpoint answers it; anything else is not ours to word and is rethrown. */
export function toRefusal(error: unknown, signedIn: boolean): UploadRefusal {
  if (error instanceof UploadRefusal) return error
  if (isAppError(error)) {
    if (error.code === 'UNAUTHORIZED') return refuse(signedIn ? 403 : 401, 'Unauthorized')
    if (error.code === 'NOT_FOUND') return refuse(404, error.message)
    if (error.code === 'BAD_REQUEST') return refuse(400, 'Invalid upload target')
    return refuse(error.status, error.message)
  }
  throw error
}

/** "20 GB", "1.5 GB", "500 MB": sizes the way the site shows them (powers of 1000). */
function formatLimit(bytes: number): string {
  return bytes >= 1e9 ? `${Number((bytes / 1e9).toFixed(2))} GB` : `${Number((bytes / 1e6).toFixed(2))} MB`
}

export function tooLargeMessage(maxBytes: number) {
  return `File is too large (the limit is ${Math.floor(maxBytes / 1e6)} MB)`
}

export function quotaMessage(quotaBytes: number) {
  return `Storage quota reached (${formatLimit(quotaBytes)}). Delete some files to make room, or ask us for more space.`
}
