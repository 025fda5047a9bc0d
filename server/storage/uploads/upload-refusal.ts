import { isAppError } from '../../errors/app-error'
import { toHttpAnswer } from '../../errors/to-http-answer'

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

/**
 * A domain error as the upload endpoint answers it (the status and words of the one table in
 * server/errors/to-http-answer.ts); anything else is not ours to word and is rethrown. A bad path
 * is the upload's target here, and is called that.
 */
export function toRefusal(error: unknown, signedIn: boolean): UploadRefusal {
  if (error instanceof UploadRefusal) return error
  if (isAppError(error)) {
    const answer = toHttpAnswer(error, { signedIn })
    return refuse(answer.status, answer.code === 'BAD_REQUEST' ? 'Invalid upload target' : answer.message)
  }
  throw error
}
