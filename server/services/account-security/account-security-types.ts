import type { RequestClient } from '../activity/record-security-event'

/** What every service of an account's sign-in settings takes besides the actor: where the request came from. */
export interface AccountRequest {
  client?: RequestClient
}
