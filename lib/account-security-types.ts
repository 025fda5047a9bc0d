/**
 * An account's sign-in settings as the services answer them and the settings page reads them
 * (GraphQL's accountSecurity, sessions and startTwoFactorSetup).
 */

export interface PasskeyInfo {
  id: string
  name: string
  createdAt: string | null
  lastUsedAt: string | null
}

export interface AccountSecurityInfo {
  twoFactorEnabled: boolean
  /** Recovery codes not used yet. */
  recoveryCodesLeft: number
  passkeys: PasskeyInfo[]
  /** This session was signed in with a second factor (an authenticator code, a recovery code, a passkey). */
  signedInWithSecondFactor: boolean
  /** An admin account without a second factor in this session: no admin rights until it has one. */
  secondFactorRequired: boolean
}

export interface SessionInfo {
  id: string
  current: boolean
  browser: string
  system: string
  /** Approximate place from the address. */
  place: string
  ipAddress: string | null
  /** How it was signed in: 'password', 'totp', 'recovery-code' or 'passkey'. */
  signInMethod: string
  createdAt: string
  lastUsedAt: string
}

export interface TwoFactorSetup {
  /** The secret as text (base32), for apps that cannot read the QR code. */
  secret: string
  otpauthUri: string
  /** The QR code of the otpauth address: its size in modules and an SVG path of its dark ones. */
  qrSize: number
  qrPath: string
}
