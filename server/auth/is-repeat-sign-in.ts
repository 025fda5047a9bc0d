import { LOGIN_EMAIL_STORED_HEADER } from '../../lib/auth-constants'
import { isKnownDevice } from './known-device-cookie'

/**
 * Whether a sign-in comes from a browser that already stored this account's login email, so it
 * records no new sign-in notification. The browser says so by a header; the header counts only with
 * the account's known-device cookie, which only a browser that signed in to the account before holds:
 * someone signing in with a stolen password from a browser of their own is always recorded.
 */
export function isRepeatSignIn(headers: Headers | undefined, userId: string, deviceKey: Buffer): boolean {
  if (headers?.get(LOGIN_EMAIL_STORED_HEADER) !== '1') return false
  return isKnownDevice(headers.get('cookie'), userId, deviceKey)
}
